// A JupyterLab extension of the card-games tutor, for its JupyterLite copy only (tutor/site.py
// bundles it): a notebook whose metadata says {"tutor": {"run_on_open": true}} (every chapter
// tutor.site exports for JupyterLite) runs all its cells once when it opens, so the reader meets a
// working panel instead of code. Written by hand as a module-federation container (init and get,
// what JupyterLab's loader calls): it needs nothing from the shared modules, only the app object.
(function () {
  "use strict";
  // the query the page was opened with (?path=...&deal=...), kept before JupyterLite tidies the
  // address: a panel's bar (tutor/widgets/desk.js) reads the deal a link asks for from it
  if (window.__tutorQuery === undefined) window.__tutorQuery = window.location.search;
  const plugin = {
    id: "tutor-autorun:plugin",
    description: "Runs a tutor chapter when it opens.",
    autoStart: true,
    activate: function (app) {
      const seen = new WeakSet();
      async function consider(widget) {
        if (!widget || seen.has(widget) || !widget.sessionContext || !widget.context || !widget.content) return;
        seen.add(widget);
        await widget.context.ready;
        const model = widget.content.model;
        const meta = model && (model.getMetadata ? model.getMetadata("tutor") : (model.metadata || {}).tutor);
        if (!meta || !meta.run_on_open) return;
        await widget.sessionContext.ready;
        if (app.shell.currentWidget !== widget) app.shell.activateById(widget.id);
        await app.commands.execute("notebook:run-all-cells");
      }
      app.restored.then(function () {
        consider(app.shell.currentWidget);
        app.shell.currentChanged.connect(function (_shell, args) { consider(args.newValue); });
      });
    },
  };
  const scope = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  scope["tutor-autorun"] = {
    init: function () { return Promise.resolve(); },
    get: function () { return Promise.resolve(function () { return [plugin]; }); },
  };
})();

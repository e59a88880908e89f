// A JupyterLab extension of the card-games tutor, for its JupyterLite copy only (tutor/site.py
// bundles it): a notebook whose metadata says {"tutor": {"run_on_open": true}} (every chapter
// tutor.site exports for JupyterLite) runs all its cells once when it opens, so the reader meets a
// working panel instead of code; and it starts the kernel of the chapter the address names as the
// app starts, before the notebook is open, so that Python loads while the page does. Written by
// hand as a module-federation container (init and get, what JupyterLab's loader calls): it needs
// nothing from the shared modules, only the app object.
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
      // start the kernel of the chapter the address names now, while the app is still loading and
      // opening it: Pyodide's start (seconds) then overlaps the app's; the notebook finds the session
      // running for its path and connects to it instead of starting another
      const path = new URLSearchParams(window.__tutorQuery).get("path");
      const sessions = app.serviceManager && app.serviceManager.sessions;
      if (path && /\.ipynb$/.test(path) && sessions) {
        const name = path.split("/").pop();
        // once every plugin is active (the Pyodide kernel's factory is registered by one)
        Promise.all([app.started, sessions.ready])
          .then(function () { return sessions.startNew({ path: path, name: name, type: "notebook", kernel: { name: "python" } }); })
          // only the kernel is wanted: this connection would answer the panels' comms with "no such
          // target" (closing them) before the notebook's own connection could take them
          .then(function (connection) { connection.dispose(); })
          .catch(function (err) { console.warn("tutor-autorun: the kernel did not start early", err); });
      }
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

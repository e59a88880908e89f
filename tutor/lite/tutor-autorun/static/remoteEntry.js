// A JupyterLab extension of the card-games tutor, for its JupyterLite copy only (tutor/site.py
// bundles it). Written by hand as a module-federation container (init and get, what JupyterLab's
// loader calls): it needs nothing from the shared modules, only the app object.
//
// - A notebook whose metadata says {"tutor": {"run_on_open": true}} (every chapter tutor.site
//   exports for JupyterLite) runs all its cells once when it first shows, so the reader meets a
//   working panel instead of code.
// - Each notebook's kernel is its own, known by the notebook's whole path: fourteen chapters are
//   called rules.ipynb, and JupyterLite's session service would otherwise hand one chapter's
//   session to the next (JupyterLab then shuts it down, and the first chapter's panel dies).
// - A kernel starts only for the notebook the reader looks at: the chapter the address names, then,
//   once that has shown (or if the address names no notebook there is), any tab once it is shown.
//   Tabs restored from an earlier visit start none until shown (their kernels went with that
//   page), and closing a tab shuts its kernel down (kernelShutdown in jupyter-lite.json): at most
//   the open chapters hold a kernel.
// - The chapter the address names starts its kernel as the app starts, before the notebook is
//   open, so that Python loads while the page does; the notebook then takes that kernel.
// - The address keeps naming the chapter on show (?path=...), so a reload or a copied address
//   opens it again.
(function () {
  "use strict";
  // the query the page was opened with (?path=...&deal=...), kept before JupyterLite tidies the
  // address: a panel's bar (tutor/widgets/desk.js) reads the deal a link asks for from it
  if (window.__tutorQuery === undefined) window.__tutorQuery = window.location.search;

  function dirname(path) { const i = path.lastIndexOf("/"); return i < 0 ? "" : path.slice(0, i); }
  function basename(path) { return path.slice(path.lastIndexOf("/") + 1); }
  function join(dir, name) { return dir ? dir + "/" + name : name; }
  function pathOf(widget) { return widget && widget.context ? widget.context.path : null; }

  // The notebook a session is asked for. JupyterLab asks with a stand-in path (the notebook's
  // folder and a random name, renamed to the notebook once started) and the notebook's file name;
  // together they give the notebook's path, which no other notebook shares.
  function notebookPath(options) {
    if (!options.name) return options.path;
    return join(dirname(options.path || ""), basename(options.name));
  }

  const plugin = {
    id: "tutor-autorun:plugin",
    description: "Runs a tutor chapter when it opens; one kernel per open chapter, known by its path.",
    autoStart: true,
    activate: function (app) {
      const sessions = app.serviceManager && app.serviceManager.sessions;
      const query = new URLSearchParams(window.__tutorQuery);
      const asked = query.get("path");
      const addressed = asked && /\.ipynb$/.test(asked) ? asked : null;
      let settled = !addressed; // once the addressed chapter has shown, any tab shown may start
      const waiting = [];
      const early = new Map(); // notebook path -> the model of the session started for it early

      function isShown(path) { return pathOf(app.shell.currentWidget) === path; }
      function release() {
        for (let i = waiting.length - 1; i >= 0; i--) {
          if (waiting[i].path === addressed || (settled && isShown(waiting[i].path))) waiting.splice(i, 1)[0].go();
        }
      }
      function whenWanted(path) {
        if (path === addressed || (settled && isShown(path))) return Promise.resolve();
        return new Promise(function (go) { waiting.push({ path: path, go: go }); });
      }

      if (sessions) {
        const startNew = sessions.startNew.bind(sessions);
        sessions.startNew = async function (options, connectOptions) {
          const path = notebookPath(options);
          const started = early.get(path);
          if (started) {
            early.delete(path);
            const model = await started;
            if (model && (await sessions.findById(model.id))) {
              // the kernel started early for this notebook: the notebook takes it (under the path it
              // asked with, which it then renames to its own)
              return sessions.connectTo({ model: Object.assign({}, model, { path: options.path }) }, connectOptions);
            }
          }
          await whenWanted(path);
          return startNew(Object.assign({}, options, { name: path }), connectOptions);
        };
        if (addressed) {
          // once every plugin is active (the Pyodide kernel's factory is registered by one), and
          // only for a notebook that is there: an address naming none lets every tab start once
          // shown (not a time limit: on a busy machine the addressed chapter may take longer than
          // any limit to show, and a restored tab shown meanwhile would start a kernel beside it).
          // Whether it is there is asked at once, while the other plugins start (asked after them,
          // the answer took half a second more before the kernel could start).
          const isNotebook = app.serviceManager.contents.get(addressed, { content: false })
            .then(function (model) { return !!model && model.type === "notebook"; }, function () { return false; });
          early.set(addressed, Promise.all([app.started, sessions.ready])
            .then(function () { return isNotebook; })
            .then(function (there) {
              if (there) return startNew({ path: addressed, name: addressed, type: "notebook", kernel: { name: "python" } });
              settled = true;
              release();
              return null;
            })
            // only the kernel is wanted: this connection would answer the panels' comms with "no such
            // target" (closing them) before the notebook's own connection could take them
            .then(function (connection) {
              if (!connection) return null;
              const model = connection.model;
              connection.dispose();
              return model;
            })
            .catch(function (err) { console.warn("tutor-autorun: the kernel did not start early", err); return null; }));
        }
      }

      function nameInAddress(widget) {
        const path = pathOf(widget);
        if (!path || !/\.ipynb$/.test(path)) return;
        const params = path === addressed ? new URLSearchParams(window.__tutorQuery) : new URLSearchParams();
        params.set("path", path);
        const url = new URL(window.location.href);
        url.search = "?" + params.toString().replace(/%2F/g, "/");
        if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
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
        early.delete(pathOf(widget)); // taken, or found running: a notebook opened again starts afresh
        if (app.shell.currentWidget !== widget) app.shell.activateById(widget.id);
        await app.commands.execute("notebook:run-all-cells");
      }
      function shown(widget) {
        if (pathOf(widget) === addressed) settled = true;
        release();
        // after JupyterLite has tidied the address (it drops ?path= once it has opened the file)
        setTimeout(function () { if (app.shell.currentWidget === widget) nameInAddress(widget); }, 0);
        consider(widget);
      }
      app.restored.then(function () {
        shown(app.shell.currentWidget);
        app.shell.currentChanged.connect(function (_shell, args) { shown(args.newValue); });
      });
    },
  };
  const scope = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  scope["tutor-autorun"] = {
    init: function () { return Promise.resolve(); },
    get: function () { return Promise.resolve(function () { return [plugin]; }); },
  };
})();

// Make the vendored widget JS resolvable by @jupyter-widgets/html-manager without a CDN.
// Loaded after require.js and before embed-amd.js (the order of nb_ipywidgets_js in conf.py).
(function () {
  // pages in subfolders: resolve from the site root Sphinx writes on <html data-content_root>
  var root = new URL(document.documentElement.dataset.content_root || "./", document.baseURI);
  var npm = new URL("_static/npm/", root).href;
  window.requirejs.config({
    paths: {
      // anywidget (the panels' card component): its AMD bundle for the classic notebook, which
      // asks only for @jupyter-widgets/base (embed-amd.js defines it)
      "anywidget": npm + "anywidget/index",
      // webpack's publicPath (the icon fonts) resolves against the vendored folder, which
      // holds the package's dist/ (renamed: dist/ is git-ignored in this repository)
      "@jupyter-widgets/html-manager": npm + "html-manager/index",
      "@jupyter-widgets/html-manager/dist": npm + "html-manager",
    },
  });
})();

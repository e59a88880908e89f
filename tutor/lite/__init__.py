"""The JupyterLite copy's own extension, tutor-autorun (a chapter runs when it opens); tutor.site bundles it."""

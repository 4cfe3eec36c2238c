"""The browser page (static files, no build step): index.html, app.js, style.css."""

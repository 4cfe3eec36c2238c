// meeple: anunnaki on the browser table (registered with the shell in app.js).
"use strict";
(() => {
GAMES.anunnaki = {
  name: "Anunnaki",
  render: () => ({main: [], side: []}),
};
})();

// meeple: okc on the browser table (registered with the shell in app.js).
"use strict";
(() => {
GAMES.okc = {
  name: "The Old King's Crown",
  render: () => ({main: [], side: []}),
};
})();

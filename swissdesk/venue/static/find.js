/* swissdesk venue, exported pages: the search box filters the list of players as you
   type, accents and case ignored like the desktop search (the same letter table). */
(function () {
  "use strict";
  var list = document.getElementById("all");
  var input = document.getElementById("q");
  if (!list || !input) { return; }
  var table = JSON.parse(list.getAttribute("data-fold") || "{}");
  function fold(text) {
    var out = "";
    for (var i = 0; i < text.length; i++) { out += table[text[i]] || text[i]; }
    return out.normalize("NFKD").replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g, "").toLowerCase();
  }
  var items = list.getElementsByTagName("li");
  function filter() {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    for (var i = 0; i < items.length; i++) {
      var key = items[i].getAttribute("data-key");
      var tpn = items[i].getAttribute("data-tpn");
      var hit = words.every(function (w) { return key.indexOf(w) >= 0 || w === tpn; });
      items[i].hidden = !hit;
    }
  }
  var asked = new URLSearchParams(window.location.search).get("q");
  if (asked) { input.value = asked; }
  input.addEventListener("input", filter);
  var form = input.form;
  if (form) { form.addEventListener("submit", function (e) { e.preventDefault(); filter(); }); }
  filter();
})();

/* swissdesk venue, display mode: rotates the pages, keeps the clock, and takes the live
   updates (the slide shown stays where it was). Without scripts the page moves to the
   next slide itself (meta refresh). */
(function () {
  "use strict";
  var body = document.body;
  var every = parseInt(body.getAttribute("data-every"), 10) || 15;
  var url = body.getAttribute("data-live");
  var index = 0;
  function slides() { return document.querySelectorAll("section.slide"); }
  function current() {
    var all = slides();
    for (var i = 0; i < all.length; i++) { if (all[i].classList.contains("current")) { return i; } }
    return 0;
  }
  function showSlide(i) {
    var all = slides();
    if (!all.length) { return; }
    index = ((i % all.length) + all.length) % all.length;
    for (var k = 0; k < all.length; k++) { all[k].classList.toggle("current", k === index); }
  }
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var now = new Date();
    var clock = document.getElementById("clock");
    if (clock) { clock.textContent = two(now.getHours()) + ":" + two(now.getMinutes()); }
    var start = body.getAttribute("data-start");
    var elapsed = document.getElementById("elapsed");
    if (start && elapsed) {
      var parts = start.split(":");
      var minutes = now.getHours() * 60 + now.getMinutes() - (parseInt(parts[0], 10) * 60 + parseInt(parts[1], 10));
      if (minutes >= 0) { elapsed.textContent = " · " + Math.floor(minutes / 60) + ":" + two(minutes % 60) + " played"; }
    }
  }
  index = current();
  setInterval(function () { showSlide(index + 1); }, every * 1000);
  setInterval(tick, 1000);
  tick();
  if (!url || !window.EventSource) { return; }
  var delay = 1000;
  function connect() {
    var source = new EventSource(url);
    source.onopen = function () { delay = 1000; };
    source.addEventListener("update", function (event) {
      var message = JSON.parse(event.data);
      var main = document.getElementById("main");
      if (main && typeof message.html === "string") {
        var keep = index;
        main.innerHTML = message.html;
        showSlide(keep);
        tick();
      }
      if (message.start !== undefined) { body.setAttribute("data-start", message.start); }
      url = url.replace(/([?&]v=)[^&]*/, "$1" + encodeURIComponent(message.version));
    });
    source.onerror = function () {
      if (source.readyState === 2) {
        source.close();
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30000);
      }
    };
  }
  connect();
})();

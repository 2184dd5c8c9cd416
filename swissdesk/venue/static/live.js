/* swissdesk venue: live pages. The server sends the page's new content (Server-Sent
   Events) whenever a result is saved; the connection comes back by itself after the phone
   lost the network. Without scripts the page reloads itself every 30 seconds. */
(function () {
  "use strict";
  var body = document.body;
  var url = body.getAttribute("data-live");
  var status = document.getElementById("live");
  // The page's own words (its language), from the page: "Live · updated {time}".
  var liveText = body.getAttribute("data-live-text") || "Live · updated {time}";
  var retryText = body.getAttribute("data-retry-text") || "Reconnecting…";
  if (!url || !window.EventSource) { return; }
  var source = null;
  var delay = 1000;
  var timer = null;
  function show(state, text) {
    if (!status) { return; }
    status.setAttribute("data-state", state);
    if (text) { status.textContent = text; }
  }
  function stamp() {
    var d = new Date();
    function two(n) { return (n < 10 ? "0" : "") + n; }
    return two(d.getHours()) + ":" + two(d.getMinutes()) + ":" + two(d.getSeconds());
  }
  function connect() {
    timer = null;
    if (source) { source.close(); }
    source = new EventSource(url);
    source.onopen = function () { delay = 1000; show("live", liveText.replace("{time}", stamp())); };
    source.addEventListener("update", function (event) {
      var message = JSON.parse(event.data);
      var main = document.getElementById("main");
      if (main && typeof message.html === "string") {
        var active = document.activeElement;
        var typing = active && active.id === "q" ? active.value : null;
        main.innerHTML = message.html;
        if (typing !== null) {
          var q = document.getElementById("q");
          if (q) { q.value = typing; q.focus(); }
        }
      }
      body.setAttribute("data-version", message.version);
      url = url.replace(/([?&]v=)[^&]*/, "$1" + encodeURIComponent(message.version));
      show("live", liveText.replace("{time}", stamp()));
      document.dispatchEvent(new CustomEvent("venue:update"));
    });
    source.onerror = function () {
      show("retry", retryText);
      if (source.readyState === 2) { retry(); }
    };
  }
  function retry() {
    if (timer) { return; }
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 30000);
  }
  window.addEventListener("online", function () { delay = 1000; connect(); });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && source && source.readyState === 2) { delay = 1000; connect(); }
  });
  connect();
})();

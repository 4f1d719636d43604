// Notifications while the page is closed: this browser's Web Push subscription, turned on or off here, with the
// events chosen. The site keeps it for this power's link (web/table/push.py); the service worker
// (/push-sw.js) shows what comes and opens this page when one is tapped.
(function () {
  "use strict";
  var card = document.getElementById("notify");
  if (!card || !card.dataset.key) { return; }
  var state = document.getElementById("notify-state"), devices = document.getElementById("notify-devices");
  var on = document.getElementById("notify-on"), off = document.getElementById("notify-off");
  var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var WORDS = { phase: "a new phase and the results", press: "messages to you", reminder: "reminders" };

  function say(text) { state.textContent = text; }
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.Notification) {
    say("This browser cannot show the site's notifications.");
    on.disabled = true;
    return;
  }

  function events() {
    return Array.prototype.filter.call(card.querySelectorAll("input[name=events]"), function (b) { return b.checked; })
      .map(function (b) { return b.value; });
  }
  function key() {
    var text = card.dataset.key.replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(text + "===".slice((text.length + 3) % 4));
    return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
  }
  function post(path, body) {
    return fetch(card.dataset.url + path, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf }
    }).then(function (r) { return r.json().then(function (b) { if (!r.ok) { throw new Error(b.error); } return b; }); });
  }
  function listed(out) {
    var n = out.devices.length;
    devices.textContent = n ? "On in " + n + " browser" + (n === 1 ? "" : "s") + " of yours: " +
      out.devices.map(function (d) { return d.map(function (e) { return WORDS[e]; }).join(", ") || "nothing chosen"; }).join("; ") + "."
      : "Off: nothing reaches you while this page is closed.";
  }
  function shown(subscribed) { on.hidden = subscribed; off.hidden = !subscribed; }

  var ready = navigator.serviceWorker.register("/push-sw.js", { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  });
  ready.then(function (reg) {
    if (reg.active) { reg.active.postMessage({ game: card.dataset.game, power: card.dataset.power, link: location.origin + location.pathname }); }
    return reg.pushManager.getSubscription();
  }).then(function (sub) {
    shown(!!sub);
    say(sub ? "On in this browser." : Notification.permission === "denied" ?
      "This browser blocks the site's notifications: allow them in its settings first." : "Off in this browser.");
  }).catch(function () { say("This browser cannot show the site's notifications here."); });

  function keep(sub) {
    return post("", { subscription: sub.toJSON(), events: events() }).then(function (out) {
      listed(out);
      shown(true);
      say("On in this browser: " + events().map(function (e) { return WORDS[e]; }).join(", ") + ".");
    });
  }

  on.addEventListener("click", function () {
    say("Asking the browser…");
    Notification.requestPermission().then(function (answer) {
      if (answer !== "granted") { throw new Error("The browser did not allow notifications."); }
      return ready;
    }).then(function (reg) {
      return reg.pushManager.getSubscription().then(function (sub) {
        return sub || reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key() });
      });
    }).then(keep).catch(function (error) { say(error.message || "Notifications could not be turned on."); });
  });
  off.addEventListener("click", function () {
    ready.then(function (reg) { return reg.pushManager.getSubscription(); }).then(function (sub) {
      if (!sub) { return { devices: [] }; }
      var endpoint = sub.endpoint;
      return sub.unsubscribe().then(function () { return post("/off", { endpoint: endpoint }); });
    }).then(function (out) { listed(out); shown(false); say("Off in this browser."); })
      .catch(function (error) { say(error.message); });
  });
  card.addEventListener("change", function (event) {
    if (event.target.name !== "events" || off.hidden) { return; }
    ready.then(function (reg) { return reg.pushManager.getSubscription(); }).then(function (sub) { if (sub) { return keep(sub); } });
  });
})();

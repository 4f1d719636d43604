// The site's service worker: it shows the notifications the site pushes (web/table/push.py) while the page is
// closed, and a tap on one opens the player's page (the page tells this worker its address: only the browser keeps it).
"use strict";
var LINKS = "sengoku-links";

self.addEventListener("push", function (event) {
  var note = {};
  try { note = event.data ? event.data.json() : {}; } catch (e) { note = { body: event.data ? event.data.text() : "" }; }
  event.waitUntil(self.registration.showNotification(note.title || "Sengoku Diplomacy", {
    body: note.body || "", tag: note.tag || "sengoku", data: note
  }));
});

self.addEventListener("message", function (event) {
  var d = event.data || {};
  if (d.link && d.game && d.power) {
    event.waitUntil(caches.open(LINKS).then(function (c) {
      return c.put("/link/" + d.game + "/" + d.power, new Response(d.link));
    }));
  }
});

self.addEventListener("notificationclick", function (event) {
  var d = event.notification.data || {};
  event.notification.close();
  event.waitUntil(caches.open(LINKS).then(function (c) { return c.match("/link/" + d.game + "/" + d.power); })
    .then(function (found) { return found ? found.text() : "/"; })
    .then(function (url) {
      var part = String(d.tag || "").indexOf("press") === 0 ? "#press" : "#orders";
      return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
        for (var i = 0; i < open.length; i++) {
          if (open[i].url.indexOf(url) === 0 && open[i].focus) { return open[i].focus(); }
        }
        return self.clients.openWindow(url === "/" ? url : url + part);
      });
    }));
});

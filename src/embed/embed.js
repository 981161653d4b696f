// Lapak embed script (the snippet's <script src="{PUBLIC_URL}/embed.js" data-lapak-frame=...>).
// For each snippet on the page: sizes its iframe to the form's content, hands the form the
// page's fbclid, gclid and utm_* parameters and, with data-lapak-pixel="1", runs the
// product's Meta Pixel, TikTok Pixel and Google Tag Manager (PageView, and Lead when an order is placed).
// Messages are accepted only from the iframe's window and origin, and sent only to that
// origin. Protocol: docs/embed.md.
(function () {
  'use strict';
  var AD = /^(fbclid|gclid|utm_[a-z0-9_]{1,40})$/;
  var metaOn = false;
  var tiktokOn = false;
  var gtmOn = false;

  function adParams() {
    var out = {};
    var n = 0;
    try {
      new URLSearchParams(location.search).forEach(function (value, key) {
        if (AD.test(key) && !Object.prototype.hasOwnProperty.call(out, key) && n < 20 && value) {
          out[key] = value.slice(0, 500);
          n++;
        }
      });
    } catch (e) { /* no URLSearchParams: no parameters */ }
    return out;
  }

  function addScript(src) {
    var s = document.createElement('script');
    s.async = true;
    s.src = src;
    document.head.appendChild(s);
  }

  function loadPixel(p) {
    if (typeof p.meta === 'string' && /^[0-9]{5,20}$/.test(p.meta)) {
      if (!window.fbq) {
        // Meta's documented base code: calls queue until fbevents.js has loaded.
        var n = (window.fbq = function () {
          if (n.callMethod) n.callMethod.apply(n, arguments);
          else n.queue.push(arguments);
        });
        if (!window._fbq) window._fbq = n;
        n.push = n;
        n.loaded = true;
        n.version = '2.0';
        n.queue = [];
        addScript('https://connect.facebook.net/en_US/fbevents.js');
      }
      window.fbq('init', p.meta);
      window.fbq('track', 'PageView');
      metaOn = true;
    }
    if (typeof p.tiktok === 'string' && /^[A-Z0-9]{20}$/.test(p.tiktok)) {
      // TikTok's documented base code: calls queue in window.ttq until events.js has loaded;
      // load() registers the pixel in _i/_t/_o as the base code's own load does.
      var ttq = (window.ttq = window.ttq || []);
      window.TiktokAnalyticsObject = 'ttq';
      ['page', 'track', 'identify'].forEach(function (m) {
        ttq[m] = ttq[m] || function () { ttq.push([m].concat([].slice.call(arguments))); };
      });
      var src = 'https://analytics.tiktok.com/i18n/pixel/events.js';
      ttq._i = ttq._i || {};
      ttq._i[p.tiktok] = [];
      ttq._i[p.tiktok]._u = src;
      ttq._t = ttq._t || {};
      ttq._t[p.tiktok] = +new Date();
      ttq._o = ttq._o || {};
      ttq._o[p.tiktok] = {};
      addScript(src + '?sdkid=' + encodeURIComponent(p.tiktok) + '&lib=ttq');
      ttq.page();
      tiktokOn = true;
    }
    if (typeof p.gtm === 'string' && /^GTM-[A-Z0-9]{4,12}$/.test(p.gtm)) {
      var dl = (window.dataLayer = window.dataLayer || []);
      dl.push({ 'gtm.start': new Date().getTime(), event: 'gtm.js' });
      addScript('https://www.googletagmanager.com/gtm.js?id=' + encodeURIComponent(p.gtm));
      dl.push({ event: 'lapak_form_view' });
      gtmOn = true;
    }
  }

  function lead(d) {
    var value = typeof d.value === 'number' ? d.value : 0;
    if (metaOn) window.fbq('track', 'Lead', { value: value, currency: 'IDR' });
    if (tiktokOn) window.ttq.track('SubmitForm', { value: value, currency: 'IDR' });
    if (gtmOn) window.dataLayer.push({ event: 'lapak_lead', value: value, currency: 'IDR', order_id: d.order_id });
  }

  function setup(script) {
    if (script.getAttribute('data-lapak-ready')) return;
    script.setAttribute('data-lapak-ready', '1');
    var frame = document.getElementById(script.getAttribute('data-lapak-frame'));
    if (!frame || !frame.src) return;
    var origin;
    try {
      origin = new URL(frame.src, location.href).origin;
    } catch (e) {
      return;
    }
    var pixelOn = script.getAttribute('data-lapak-pixel') === '1';
    var pixelLoaded = false;
    var params = adParams();
    frame.setAttribute('scrolling', 'no');
    window.addEventListener('message', function (e) {
      if (e.origin !== origin || e.source !== frame.contentWindow) return;
      var d = e.data;
      if (!d || d.lapak !== 1) return;
      if (typeof d.height === 'number' && d.height > 0 && d.height < 20000) frame.style.height = Math.ceil(d.height) + 'px';
      if (d.type === 'ready') {
        frame.contentWindow.postMessage({ lapak: 1, type: 'params', params: params }, origin);
        if (pixelOn && !pixelLoaded && d.pixel) {
          pixelLoaded = true;
          loadPixel(d.pixel);
        }
      } else if (d.type === 'lead' && pixelOn) {
        lead(d);
      }
    });
  }

  var scripts = document.querySelectorAll('script[data-lapak-frame]');
  for (var i = 0; i < scripts.length; i++) setup(scripts[i]);
})();

/* The reference site's only script: search over the prebuilt index (assets/search-index.js) and
   keeping the #fragment when switching variants. No framework, no network. */
(function () {
  'use strict';
  var data = window.BINDU_SEARCH;
  var body = document.body;
  var root = body.getAttribute('data-root') || '';
  var pageVariant = body.getAttribute('data-variant') || '';
  var input = document.getElementById('search');
  var scope = document.getElementById('search-scope');
  var box = document.getElementById('search-results');
  var LIMIT = 40;

  // Switching variant on a type page keeps the property the reader was looking at.
  var switchLinks = document.querySelectorAll('.variant-switch a');
  for (var s = 0; s < switchLinks.length; s++) {
    switchLinks[s].addEventListener('click', function (event) {
      if (location.hash && this.getAttribute('href').indexOf('#') < 0) {
        event.preventDefault();
        location.href = this.getAttribute('href') + location.hash;
      }
    });
  }

  if (!data || !input || !scope || !box) return;
  for (var v = 0; v < data.variants.length; v++) {
    var option = document.createElement('option');
    option.value = data.variants[v];
    option.textContent = data.variants[v];
    scope.appendChild(option);
  }
  scope.value = pageVariant;

  function score(name, query) {
    var lower = name.toLowerCase();
    if (lower === query) return 0;
    if (lower.indexOf(query) === 0) return 1;
    var at = lower.indexOf(query);
    if (at < 0) return -1;
    var before = name.charAt(at - 1);
    var first = name.charAt(at);
    if (/[._\/-]/.test(before) || (first !== first.toLowerCase())) return 2;
    return 3;
  }

  function search(query, variant) {
    var wanted = variant === '' ? -1 : data.variants.indexOf(variant);
    var hits = [];
    for (var i = 0; i < data.entries.length; i++) {
      var e = data.entries[i];
      if (wanted >= 0 && e[2] !== wanted) continue;
      var sc = score(e[1], query);
      if (sc < 0) continue;
      hits.push({ s: sc, e: e });
    }
    hits.sort(function (a, b) {
      return a.s - b.s || a.e[0] - b.e[0] || a.e[1].length - b.e[1].length ||
        (a.e[1] < b.e[1] ? -1 : a.e[1] > b.e[1] ? 1 : 0) || a.e[2] - b.e[2] || (a.e[3] < b.e[3] ? -1 : 1);
    });
    return hits;
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function render() {
    var query = input.value.trim().toLowerCase();
    box.textContent = '';
    if (query === '') {
      box.hidden = true;
      return;
    }
    var hits = search(query, scope.value);
    var head = el('div', 'r-count', hits.length === 0 ? 'No match' + (scope.value ? ' in ' + scope.value : '') :
      hits.length + (hits.length === 1 ? ' result' : ' results') + (hits.length > LIMIT ? ', first ' + LIMIT + ' shown' : ''));
    box.appendChild(head);
    for (var i = 0; i < hits.length && i < LIMIT; i++) {
      var e = hits[i].e;
      var a = el('a', 'result');
      a.href = root + e[3];
      a.setAttribute('data-kind', data.kinds[e[0]]);
      a.appendChild(el('span', 'r-kind', data.kinds[e[0]]));
      a.appendChild(el('span', 'r-name', e[1]));
      a.appendChild(el('span', 'r-variant', data.variants[e[2]]));
      a.appendChild(el('span', 'r-detail', e[4]));
      box.appendChild(a);
    }
    box.hidden = false;
  }

  function results() {
    return box.querySelectorAll('a.result');
  }

  input.addEventListener('input', render);
  scope.addEventListener('change', render);
  input.addEventListener('focus', function () {
    if (input.value.trim() !== '') render();
  });
  input.addEventListener('keydown', function (event) {
    var links = results();
    if (event.key === 'Enter' && links.length > 0) {
      event.preventDefault();
      location.href = links[0].href;
    } else if (event.key === 'ArrowDown' && links.length > 0) {
      event.preventDefault();
      links[0].focus();
    } else if (event.key === 'Escape') {
      box.hidden = true;
    }
  });
  box.addEventListener('keydown', function (event) {
    var links = Array.prototype.slice.call(results());
    var at = links.indexOf(document.activeElement);
    if (event.key === 'ArrowDown' && at < links.length - 1) {
      event.preventDefault();
      links[at + 1].focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (at <= 0) input.focus();
      else links[at - 1].focus();
    } else if (event.key === 'Escape') {
      box.hidden = true;
      input.focus();
    }
  });
  document.addEventListener('click', function (event) {
    if (!box.contains(event.target) && event.target !== input && event.target !== scope) box.hidden = true;
  });
})();

/* The reference site's only script: the theme toggle, the tables' narrow-screen form and scroll
   cue, the sidebar of type and method pages, search over the prebuilt index
   (assets/search-index.js), and keeping the #fragment when switching variants. No framework, no
   network. */
(() => {
  var data = window.BINDU_SEARCH;
  var body = document.body;
  var html = document.documentElement;
  var root = body.getAttribute('data-root') || '';
  var pageVariant = body.getAttribute('data-variant') || '';
  var LIMIT = 40;

  // The theme: the system's unless the reader picked one, which is remembered.
  var toggle = document.getElementById('theme-toggle');
  var systemDark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function dark() {
    var chosen = html.getAttribute('data-theme');
    return chosen ? chosen === 'dark' : !!systemDark?.matches;
  }
  function label() {
    if (!toggle) return;
    var next = dark() ? 'light' : 'dark';
    toggle.setAttribute('aria-label', `Switch to the ${next} theme`);
    toggle.title = `Switch to the ${next} theme`;
    toggle.setAttribute('aria-pressed', dark() ? 'true' : 'false');
  }
  if (toggle) {
    toggle.addEventListener('click', () => {
      var next = dark() ? 'light' : 'dark';
      html.setAttribute('data-theme', next);
      try {
        localStorage.setItem('bindu-theme', next);
      } catch (_e) {
        /* storage off: the choice lasts this page */
      }
      label();
    });
    if (systemDark?.addEventListener) systemDark.addEventListener('change', label);
    label();
  }

  // Tables: on a narrow screen the simple ones stack (each cell labelled by its column), the others
  // scroll inside their wrapper, which then shows a cue.
  var wraps = document.querySelectorAll('.table-wrap, .figure');
  var cues = [];
  for (var w = 0; w < wraps.length; w++) {
    var table = wraps[w].querySelector('table');
    if (table && !/\b(coverage|matrix)\b/.test(table.className)) {
      var heads = table.querySelectorAll('thead th');
      if (heads.length > 0 && heads.length <= 4) {
        table.classList.add('stack');
        var rows = table.querySelectorAll('tbody tr');
        for (var r = 0; r < rows.length; r++) {
          for (var c = 0; c < rows[r].children.length && c < heads.length; c++)
            rows[r].children[c].setAttribute('data-label', heads[c].textContent);
        }
      }
    }
    var cue = document.createElement('p');
    cue.className = 'scroll-cue';
    cue.hidden = true;
    cue.textContent = 'Wider than the screen: scroll it sideways';
    wraps[w].parentNode.insertBefore(cue, wraps[w]);
    cues.push(cue);
  }
  function markOverflow() {
    for (var i = 0; i < wraps.length; i++) {
      var over = wraps[i].scrollWidth > wraps[i].clientWidth + 1;
      wraps[i].classList.toggle('overflowing', over);
      cues[i].hidden = !over;
    }
  }
  markOverflow();
  window.addEventListener('resize', markOverflow);

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

  if (!data) return;
  var variantIndex = data.variants.indexOf(pageVariant);

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The sidebar: the page's variant's methods and types, the current page marked, with a filter.
  var sidebar = document.getElementById('sidebar');
  if (sidebar && variantIndex >= 0) {
    var here = sidebar.getAttribute('data-path');
    var box = sidebar.querySelector('.sidebar-body');
    var lists = [];
    var current = null;
    var filter = el('input', 'sidebar-filter');
    filter.type = 'search';
    filter.placeholder = 'Filter';
    filter.setAttribute('aria-label', 'Filter the methods and types');
    box.appendChild(filter);
    [
      [1, 'Methods'],
      [0, 'Types'],
    ].forEach((group) => {
      var items = [];
      for (var i = 0; i < data.entries.length; i++) {
        var e = data.entries[i];
        if (e[0] === group[0] && e[2] === variantIndex) items.push(e);
      }
      if (group[0] === 0) items.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
      box.appendChild(el('h4', '', `${group[1]} (${items.length})`));
      var ul = el('ul');
      items.forEach((e) => {
        var li = el('li');
        var a = el('a', '', e[1]);
        a.href = root + e[3];
        if (e[3] === here) {
          a.setAttribute('aria-current', 'page');
          current = a;
        }
        li.appendChild(a);
        ul.appendChild(li);
      });
      box.appendChild(ul);
      lists.push(ul);
    });
    filter.addEventListener('input', () => {
      var q = filter.value.trim().toLowerCase();
      for (var l = 0; l < lists.length; l++) {
        var lis = lists[l].children;
        for (var k = 0; k < lis.length; k++) lis[k].hidden = q !== '' && lis[k].textContent.toLowerCase().indexOf(q) < 0;
      }
    });
    var details = document.getElementById('sidebar-box');
    if (details && window.matchMedia?.('(max-width: 1100px)').matches) details.open = false;
    if (current && sidebar.scrollHeight > sidebar.clientHeight) sidebar.scrollTop = current.offsetTop - sidebar.clientHeight / 3;
  }

  // Search: names first (exact, prefix, word start, inside), then the other wire's names, then the
  // descriptions holding every word of the query.
  var input = document.getElementById('search');
  var scope = document.getElementById('search-scope');
  var results = document.getElementById('search-results');
  if (!input || !scope || !results) return;
  for (var v = 0; v < data.variants.length; v++) {
    var option = document.createElement('option');
    option.value = data.variants[v];
    option.textContent = data.variants[v];
    scope.appendChild(option);
  }
  scope.value = pageVariant;
  var texts = (data.texts || []).map((t) => t.toLowerCase());

  function score(name, query) {
    var lower = name.toLowerCase();
    if (lower === query) return 0;
    if (lower.indexOf(query) === 0) return 1;
    var at = lower.indexOf(query);
    if (at < 0) return -1;
    var before = name.charAt(at - 1);
    var first = name.charAt(at);
    if (/[._/ -]/.test(before) || first !== first.toLowerCase()) return 2;
    return 3;
  }

  function search(query, variant) {
    var wanted = variant === '' ? -1 : data.variants.indexOf(variant);
    var words = query.split(/\s+/).filter(Boolean);
    var hits = [];
    for (var i = 0; i < data.entries.length; i++) {
      var e = data.entries[i];
      if (wanted >= 0 && e[2] !== wanted) continue;
      var sc = score(e[1], query);
      var why = '';
      if (sc < 0 && e[6]) {
        var alias = e[6].split(' ');
        for (var a = 0; a < alias.length; a++) {
          var as = score(alias[a], query);
          if (as >= 0 && (sc < 0 || as + 4 < sc)) {
            sc = as + 4;
            why = `on the other wire: ${alias[a]}`;
          }
        }
      }
      if (sc < 0 && e[5] >= 0 && words.length > 0) {
        var text = texts[e[5]];
        var all = true;
        for (var k = 0; k < words.length && all; k++) all = text.indexOf(words[k]) >= 0;
        if (all) {
          sc = 8;
          why = 'description';
        }
      }
      if (sc < 0) continue;
      hits.push({ s: sc, e: e, why: why });
    }
    hits.sort(
      (a, b) =>
        a.s - b.s ||
        a.e[0] - b.e[0] ||
        a.e[1].length - b.e[1].length ||
        (a.e[1] < b.e[1] ? -1 : a.e[1] > b.e[1] ? 1 : 0) ||
        a.e[2] - b.e[2] ||
        (a.e[3] < b.e[3] ? -1 : 1),
    );
    return hits;
  }

  /** The part of a description around the first word of the query. */
  function excerpt(text, query) {
    var plain = text.replace(/`/g, '');
    var word = query.split(/\s+/)[0];
    var at = plain.toLowerCase().indexOf(word);
    var start = Math.max(0, at - 40);
    if (start > 0) start = plain.indexOf(' ', start) + 1 || start;
    return (start > 0 ? '…' : '') + plain.slice(start, start + 160);
  }

  function render() {
    var query = input.value.trim().toLowerCase();
    results.textContent = '';
    if (query === '') {
      results.hidden = true;
      return;
    }
    var hits = search(query, scope.value);
    var head = el(
      'div',
      'r-count',
      hits.length === 0
        ? `No match${scope.value ? ` in ${scope.value}` : ''}`
        : hits.length + (hits.length === 1 ? ' result' : ' results') + (hits.length > LIMIT ? `, first ${LIMIT} shown` : ''),
    );
    results.appendChild(head);
    for (var i = 0; i < hits.length && i < LIMIT; i++) {
      var e = hits[i].e;
      var a = el('a', 'result');
      a.href = root + e[3];
      a.setAttribute('data-kind', data.kinds[e[0]]);
      if (hits[i].why) a.setAttribute('data-match', hits[i].why === 'description' ? 'description' : 'alias');
      a.appendChild(el('span', 'r-kind', data.kinds[e[0]]));
      a.appendChild(el('span', 'r-name', e[1]));
      a.appendChild(el('span', 'r-variant', data.variants[e[2]]));
      var detail = hits[i].why === 'description' ? excerpt(data.texts[e[5]], query) : hits[i].why ? `${hits[i].why} · ${e[4]}` : e[4];
      a.appendChild(el('span', 'r-detail', detail));
      results.appendChild(a);
    }
    results.hidden = false;
  }

  function links() {
    return results.querySelectorAll('a.result');
  }

  input.addEventListener('input', render);
  scope.addEventListener('change', render);
  input.addEventListener('focus', () => {
    if (input.value.trim() !== '') render();
  });
  input.addEventListener('keydown', (event) => {
    var found = links();
    if (event.key === 'Enter' && found.length > 0) {
      event.preventDefault();
      location.href = found[0].href;
    } else if (event.key === 'ArrowDown' && found.length > 0) {
      event.preventDefault();
      found[0].focus();
    } else if (event.key === 'Escape') {
      results.hidden = true;
    }
  });
  results.addEventListener('keydown', (event) => {
    var found = Array.prototype.slice.call(links());
    var at = found.indexOf(document.activeElement);
    if (event.key === 'ArrowDown' && at < found.length - 1) {
      event.preventDefault();
      found[at + 1].focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (at <= 0) input.focus();
      else found[at - 1].focus();
    } else if (event.key === 'Escape') {
      results.hidden = true;
      input.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (!results.contains(event.target) && event.target !== input && event.target !== scope) results.hidden = true;
  });
})();

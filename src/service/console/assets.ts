// The console's two static files, kept in the code so that the compiled service carries them
// (tsc copies no other files) and nothing is ever fetched from elsewhere. The script is plain
// browser JavaScript, progressive: every form works without it.

export const CONSOLE_CSS = `
:root {
  --bg: #f6f7f9; --fg: #14181f; --muted: #4a5361; --card: #fff; --line: #cfd5de;
  --accent: #0b57d0; --accent-fg: #fff; --danger: #b3261e; --ok: #146c2e; --warn: #7a4d00;
  --focus: #f9a825;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible,
summary:focus-visible, main:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--fg); color: #fff; padding: .5rem; }
.skip:focus { left: .5rem; z-index: 10; }
.top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .75rem 1rem;
  background: #102a43; color: #fff; }
.top a { color: #fff; }
.brand { font-weight: 700; font-size: 1.2rem; text-decoration: none; }
.top nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: 0; padding: 0;
  align-items: center; }
.top nav a[aria-current="page"] { font-weight: 700; text-decoration-thickness: 3px; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
.foot { max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: var(--muted); font-size: .9rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 0 0 .75rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 1rem;
  margin: 0 0 1rem; }
label { display: block; font-weight: 600; margin: .5rem 0 .25rem; }
input[type=url], input[type=password], input[type=text], select {
  width: 100%; max-width: 40rem; padding: .6rem; font: inherit; border: 1px solid #6b7280;
  border-radius: 6px; background: #fff; color: var(--fg); }
input[type=file] { font: inherit; max-width: 100%; }
.help { color: var(--muted); font-size: .9rem; margin: .25rem 0 .75rem; }
button, .button { display: inline-block; font: inherit; padding: .55rem 1rem; min-height: 44px;
  border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-fg);
  cursor: pointer; text-decoration: none; }
button.secondary, .button.secondary { background: #fff; color: var(--accent); }
button.danger, .button.danger { background: var(--danger); border-color: var(--danger); color: #fff; }
button.link { background: none; border: 0; color: #fff; text-decoration: underline; padding: 0;
  min-height: 0; }
form.inline { display: inline; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.notice { padding: .75rem 1rem; border-radius: 6px; border-left: 5px solid; background: #fff; }
.notice.error { border-color: var(--danger); color: var(--danger); }
.notice.ok { border-color: var(--ok); color: var(--ok); }
.notice.info { border-color: var(--accent); }
.upgrade { background: #fff8e1; border: 1px solid #e0c36a; color: var(--warn); padding: .5rem .75rem;
  border-radius: 6px; }
.upgrade a { color: var(--warn); font-weight: 600; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.plan { text-transform: capitalize; font-weight: 600; }
code, .key { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
.key-field { font-family: ui-monospace, monospace; }
progress { width: 100%; max-width: 40rem; height: 1.25rem; accent-color: var(--accent); }
.muted { color: var(--muted); }
.badge { display: inline-block; padding: .05rem .5rem; border-radius: 999px; font-size: .85rem;
  border: 1px solid currentColor; }
.status-complete, .d-delivered { color: var(--ok); }
.status-failed, .d-failed { color: var(--danger); }
.status-queued, .status-running, .d-pending { color: var(--warn); }
.grade { display: inline-block; min-width: 1.8rem; text-align: center; font-weight: 700;
  border-radius: 4px; padding: 0 .3rem; color: #fff; background: #374151; }
.grade.big { font-size: 2.2rem; min-width: 3.5rem; padding: .2rem .6rem; }
.grade-a { background: #146c2e; } .grade-b { background: #3b6e12; } .grade-c { background: #7a5a00; }
.grade-d { background: #9a3c00; } .grade-f { background: #b3261e; }
.score { display: flex; align-items: center; gap: 1rem; flex-wrap: wrap; }
.filters { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin-bottom: 1rem; }
.filters select { width: auto; }
table { width: 100%; border-collapse: collapse; background: var(--card); }
caption { text-align: left; color: var(--muted); padding: .25rem 0; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid var(--line); vertical-align: top;
  overflow-wrap: anywhere; }
.pager { display: flex; gap: 1rem; align-items: center; margin: 1rem 0; }
.dropzone { border: 2px dashed #6b7280; border-radius: 8px; padding: 1rem; background: #fafbfc; }
.dropzone.over { border-color: var(--accent); background: #e8f0fe; }
.filelist { margin: .5rem 0 0; padding-left: 1.2rem; }
.chart svg { width: 100%; max-width: 40rem; height: auto; }
.chart .axis, .chart .value { font-size: 13px; fill: var(--fg); }
.chart .track { fill: #e5e7eb; }
.chart .bar.r-critical { fill: #b3261e; } .chart .bar.r-high { fill: #c2410c; }
.chart .bar.r-medium { fill: #a16207; } .chart .bar.r-low { fill: #146c2e; }
.chart figcaption { color: var(--muted); font-size: .9rem; }
.findings { list-style: none; padding: 0; margin: 0; }
.finding { background: var(--card); border: 1px solid var(--line); border-radius: 6px; margin: 0 0 .5rem; }
.finding summary { padding: .6rem .75rem; cursor: pointer; display: flex; flex-wrap: wrap; gap: .5rem;
  align-items: baseline; }
.finding details > :not(summary) { margin-left: .75rem; margin-right: .75rem; }
.finding .title { font-weight: 600; }
.sev { text-transform: uppercase; font-size: .8rem; font-weight: 700; padding: .05rem .4rem;
  border-radius: 4px; color: #fff; }
.sev-critical { background: #8c1d18; } .sev-high { background: #b3261e; }
.sev-medium { background: #7a4d00; } .sev-low { background: #374151; }
.evidence code { white-space: pre-wrap; }
.hero { padding: 2rem 0; }
.hero h1 { font-size: 2rem; }
@media (max-width: 40rem) {
  .facts { grid-template-columns: 1fr; }
  .facts dd { margin-bottom: .5rem; }
  table.history thead, table.deliveries thead { position: absolute; left: -9999px; }
  table.history tr, table.deliveries tr { display: block; border-bottom: 2px solid var(--line); }
  table.history td, table.deliveries td { display: flex; gap: .5rem; border: 0; padding: .25rem .5rem; }
  table.history td::before, table.deliveries td::before { content: attr(data-label); font-weight: 600;
    min-width: 5.5rem; }
}
`;

export const CONSOLE_JS = `
'use strict';
(function () {
  // Drag and drop onto the file field's zone; the form then posts the dropped files as usual.
  var zone = document.querySelector('[data-dropzone]');
  if (zone) {
    var input = zone.querySelector('input[type=file]');
    var list = zone.querySelector('[data-filelist]');
    var show = function () {
      list.textContent = '';
      Array.prototype.forEach.call(input.files, function (f) {
        var li = document.createElement('li');
        li.textContent = f.name + ' (' + Math.ceil(f.size / 1024) + ' KB)';
        list.appendChild(li);
      });
    };
    ['dragenter', 'dragover'].forEach(function (type) {
      zone.addEventListener(type, function (e) { e.preventDefault(); zone.classList.add('over'); });
    });
    ['dragleave', 'drop'].forEach(function (type) {
      zone.addEventListener(type, function (e) { e.preventDefault(); zone.classList.remove('over'); });
    });
    zone.addEventListener('drop', function (e) {
      if (e.dataTransfer && e.dataTransfer.files.length > 0) {
        input.files = e.dataTransfer.files;
        show();
      }
    });
    input.addEventListener('change', show);
  }

  // Follow a scan to its end: one waiting poll at a time (?wait=25), then reload to show the result.
  var follow = document.querySelector('[data-follow-scan]');
  if (follow) {
    var url = follow.getAttribute('data-follow-scan');
    var text = follow.querySelector('[data-progress]');
    var poll = function () {
      fetch(url + '?wait=25', { credentials: 'same-origin', headers: { accept: 'application/json' } })
        .then(function (r) {
          if (r.status === 401) { window.location.assign('/login'); return null; }
          if (!r.ok) throw new Error('HTTP ' + r.status);
          return r.json();
        })
        .then(function (body) {
          if (body === null) return;
          if (body.status === 'complete' || body.status === 'failed') { window.location.reload(); return; }
          text.textContent = body.status === 'queued'
            ? 'Queued' + (body.position ? ' (position ' + body.position + ').' : '.')
            : (body.progress || 'Running.');
          poll();
        })
        .catch(function () { setTimeout(poll, 3000); });
    };
    poll();
  }

  // The new key: select it on focus, copy it on request.
  document.querySelectorAll('[data-select-on-focus]').forEach(function (el) {
    el.addEventListener('focus', function () { el.select(); });
  });
  document.querySelectorAll('[data-copy]').forEach(function (button) {
    button.addEventListener('click', function () {
      var field = document.querySelector(button.getAttribute('data-copy'));
      if (!field || !navigator.clipboard) return;
      navigator.clipboard.writeText(field.value).then(function () { button.textContent = 'Copied'; });
    });
  });
})();
`;

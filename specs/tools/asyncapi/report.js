// Turns `asyncapi validate --diagnostics-format json` output (stdin) into the kit's finding lines:
//   CONTRACT ERROR <file> <JSON pointer>: <message> (<rule>, line N)
// Usage: node report.js <display-name> <fail-severity 0..3>  — exits 1 when a diagnostic is at or above it.
'use strict';
const name = process.argv[2] || 'asyncapi';
const fail = Number(process.argv[3] ?? 1); // 0 error, 1 warn, 2 info, 3 hint
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  const start = input.search(/^\[/m);
  const end = input.lastIndexOf(']');
  let diagnostics;
  try {
    diagnostics = JSON.parse(input.slice(start, end + 1));
  } catch (e) {
    // not the JSON we expect: show the raw output, one finding line each
    const lines = input.split('\n').filter((l) => l.trim() && !l.startsWith('WARNING: '));
    lines.forEach((l) => console.error(`CONTRACT ERROR ${name} /: asyncapi validate: ${l.trim()}`));
    process.exit(lines.length ? 1 : 0);
  }
  const levels = ['error', 'warning', 'info', 'hint'];
  const pointer = (path) => (path || []).map((t) => '/' + String(t).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
  let failed = 0;
  for (const d of diagnostics) {
    if (d.severity > fail) continue;
    failed++;
    const line = d.range && d.range.start ? `, line ${d.range.start.line + 1}` : '';
    console.error(`CONTRACT ERROR ${name} ${pointer(d.path) || '/'}: ${d.message} (asyncapi validate ${levels[d.severity] || d.severity}: ${d.code}${line})`);
  }
  process.exit(failed ? 1 : 0);
});

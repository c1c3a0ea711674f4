// Cross-checks the kit's AG-UI contract against the official @ag-ui/core schemas (the pinned version in
// package.json): every event example in the given files must parse with @ag-ui/core's EventSchemas.
//   - AsyncAPI: components.messages.*.examples[].payload
//   - OpenAPI (and anything else): inside every `example`/`examples` subtree, every object whose `type` is an
//     AG-UI event type, and every `data: {...}` line of an SSE example string.
// Usage: node check-contract.mjs FILE...   Exit 0 all valid; 1 one "CONTRACT ERROR <file> <pointer>: ..." line
// per rejected event (stderr); 2 usage or unreadable file.
import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { parse } from "yaml";
import { EventSchemas, EventType } from "./validate-events.mjs";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node check-contract.mjs FILE...");
  process.exit(2);
}
const eventTypes = new Set(Object.values(EventType));
const pointer = (path) => "/" + path.map((p) => String(p).replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
let checked = 0;
const errors = [];

function check(file, path, event) {
  checked++;
  const r = EventSchemas.safeParse(event);
  if (!r.success) {
    const why = r.error.issues.map((i) => `${i.path.join(".") || "(event)"}: ${i.message}`).join("; ");
    errors.push(`CONTRACT ERROR ${file} ${pointer(path)}: ${event.type} rejected by @ag-ui/core EventSchemas: ${why}`);
  }
}

function walk(file, node, path, inExample) {
  if (typeof node === "string") {
    if (!inExample) return;
    node.split("\n").forEach((line, i) => {
      const m = /^data:\s*(\{.*\})\s*$/.exec(line.trim());
      if (!m) return;
      let event;
      try {
        event = JSON.parse(m[1]);
      } catch (e) {
        errors.push(`CONTRACT ERROR ${file} ${pointer(path)}: SSE line ${i + 1} is not JSON: ${e.message}`);
        return;
      }
      check(file, [...path, `line ${i + 1}`], event);
    });
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((v, i) => walk(file, v, [...path, i], inExample));
    return;
  }
  if (node && typeof node === "object") {
    if (inExample && eventTypes.has(node.type)) {
      check(file, path, node);
      return;
    }
    for (const [k, v] of Object.entries(node)) {
      walk(file, v, [...path, k], inExample || k === "example" || k === "examples");
    }
  }
}

for (const f of files) {
  let doc;
  try {
    doc = parse(readFileSync(f, "utf8"), { maxAliasCount: -1 });
  } catch (e) {
    console.error(`CONTRACT ERROR ${f}: cannot read: ${e.message}`);
    process.exit(2);
  }
  walk(`${basename(dirname(f))}/${basename(f)}`, doc, [], false);
}
for (const e of errors) console.error(e);
if (errors.length > 0) {
  console.error(`CONTRACT ERROR: ${errors.length} of ${checked} AG-UI event example(s) rejected by the official @ag-ui/core schemas`);
  process.exit(1);
}
console.log(`AG-UI cross-check ok: ${checked} event example(s) in ${files.length} file(s) valid against @ag-ui/core ${version()}`);

function version() {
  return JSON.parse(readFileSync(new URL("./node_modules/@ag-ui/core/package.json", import.meta.url), "utf8")).version;
}

// A small, safe Markdown renderer for the agent's answers: it builds DOM nodes (text always goes through
// textContent, never innerHTML), so model text can never inject markup or script. It covers what the agent
// writes: paragraphs, headings, emphasis, code, links (http, https and same-site paths only), block quotes,
// lists, fenced code and GFM tables (with `\|` inside cells). Unfinished input (a stream cut mid-table)
// renders as far as it goes.

/**
 * @param {string} text Markdown
 * @returns {DocumentFragment} the rendered nodes
 */
export function renderMarkdown(text) {
  const out = document.createDocumentFragment();
  blocks(text.replace(/\r\n?/g, '\n').split('\n'), out);
  return out;
}

const TABLE_SEPARATOR = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;
const LIST_ITEM = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/;

function blocks(lines, parent) {
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
    } else if (/^\s*```/.test(line)) {
      const code = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i])) {
        code.push(lines[i++]);
      }
      i++;
      const pre = el('pre');
      pre.append(el('code', code.join('\n')));
      parent.append(pre);
    } else if (/^#{1,6}\s/.test(line)) {
      const level = line.match(/^#+/)[0].length;
      parent.append(inline(el('h' + Math.min(level + 2, 6)), line.replace(/^#+\s*/, '').replace(/\s#+\s*$/, '')));
      i++;
    } else if (/^\s*(---+|\*\*\*+|___+)\s*$/.test(line)) {
      parent.append(el('hr'));
      i++;
    } else if (/^\s*>/.test(line)) {
      const quoted = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) {
        quoted.push(lines[i++].replace(/^\s*>\s?/, ''));
      }
      const quote = el('blockquote');
      blocks(quoted, quote);
      parent.append(quote);
    } else if (line.trim().startsWith('|')) {
      const rows = [];
      while (i < lines.length && lines[i].trim().startsWith('|')) {
        rows.push(lines[i++]);
      }
      parent.append(table(rows));
    } else if (LIST_ITEM.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const list = el(ordered ? 'ol' : 'ul');
      while (i < lines.length && LIST_ITEM.test(lines[i]) && /^\s*\d/.test(lines[i]) === ordered) {
        list.append(inline(el('li'), lines[i++].match(LIST_ITEM)[2]));
      }
      parent.append(list);
    } else {
      const para = [];
      while (i < lines.length && lines[i].trim() !== '' && !startsBlock(lines[i])) {
        para.push(lines[i++].trim());
      }
      if (para.length === 0) {
        para.push(lines[i++].trim());
      }
      parent.append(inline(el('p'), para.join(' ')));
    }
  }
}

function startsBlock(line) {
  return /^\s*(```|>|\||#{1,6}\s)/.test(line) || LIST_ITEM.test(line);
}

function table(rows) {
  const t = el('table');
  const header = rows.length > 1 && TABLE_SEPARATOR.test(rows[1]);
  const align = header ? cells(rows[1]).map(c => c.startsWith(':') && c.endsWith(':') ? 'center'
      : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : '') : [];
  if (header) {
    const tr = el('tr');
    cells(rows[0]).forEach((c, k) => tr.append(cell('th', c, align[k])));
    const head = el('thead');
    head.append(tr);
    t.append(head);
  }
  const body = el('tbody');
  rows.slice(header ? 2 : 0).filter(r => !TABLE_SEPARATOR.test(r)).forEach(r => {
    const tr = el('tr');
    cells(r).forEach((c, k) => tr.append(cell('td', c, align[k])));
    body.append(tr);
  });
  t.append(body);
  const wrap = el('div');
  wrap.className = 'table-wrap';
  wrap.append(t);
  return wrap;
}

function cell(tag, text, align) {
  const c = inline(el(tag), text);
  if (tag === 'th') {
    c.scope = 'col';
  }
  if (align) {
    c.style.textAlign = align;
  }
  if (tag === 'td' && /^-?[\d.,]+%?$/.test(text)) {
    c.className = 'num';
  }
  return c;
}

// the cells of a table row: split on | except \| (an escaped pipe inside a cell)
function cells(row) {
  let r = row.trim();
  if (r.startsWith('|')) {
    r = r.slice(1);
  }
  if (r.endsWith('|') && !r.endsWith('\\|')) {
    r = r.slice(0, -1);
  }
  const out = [];
  let cur = '';
  for (let k = 0; k < r.length; k++) {
    if (r[k] === '\\' && r[k + 1] === '|') {
      cur += '|';
      k++;
    } else if (r[k] === '|') {
      out.push(cur.trim());
      cur = '';
    } else {
      cur += r[k];
    }
  }
  out.push(cur.trim());
  return out;
}

const INLINE = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([^*]+?)\*\*|__([^_]+?)__|\*([^*\s][^*]*?)\*|\b_([^_\s][^_]*?)_\b|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Appends the inline Markdown of text to node (code spans, strong, emphasis, links) and returns node. */
export function inline(node, text) {
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    node.append(document.createTextNode(text.slice(last, m.index)));
    if (m[1] !== undefined) {
      node.append(el('code', m[2].trim()));
    } else if (m[3] !== undefined || m[4] !== undefined) {
      node.append(inline(el('strong'), m[3] ?? m[4]));
    } else if (m[5] !== undefined || m[6] !== undefined) {
      node.append(inline(el('em'), m[5] ?? m[6]));
    } else {
      node.append(link(m[7], m[8]));
    }
    last = m.index + m[0].length;
  }
  node.append(document.createTextNode(text.slice(last)));
  return node;
}

function link(label, href) {
  let url;
  try {
    url = new URL(href, document.baseURI);
  } catch {
    return document.createTextNode(label);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return document.createTextNode(label); // javascript:, data: and the like are shown as text
  }
  const a = inline(el('a'), label);
  a.href = url.href;
  if (url.origin !== location.origin) {
    a.rel = 'noopener noreferrer';
    a.target = '_blank';
  }
  return a;
}

function el(tag, text) {
  const e = document.createElement(tag);
  if (text !== undefined) {
    e.textContent = text;
  }
  return e;
}

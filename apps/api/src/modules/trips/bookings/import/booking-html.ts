import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { isThing, normalize, type Thing } from './booking-things.ts';

/**
 * The schema.org things an HTML mail or page holds for mail clients: the JSON-LD of its
 * `<script type="application/ld+json">` blocks (an object, a list, or a `@graph`) and its
 * microdata (itemscope / itemtype / itemprop), both in the plain shape of booking-things.ts.
 * The HTML is parsed with parse5 as a browser would, without scripting: no script runs, no
 * image, style or frame is loaded, other scripts are skipped, and the tree is walked without
 * recursion, so no nesting however deep can overflow the stack.
 */

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** How deeply items nest in microdata (an itemscope deeper is read as a plain property). */
const MAX_ITEM_DEPTH = 10;
/** How many microdata properties one page may give (the rest are dropped). */
const MAX_PROPERTIES = 20_000;
/** How many nodes the text of one property reads, and how long it may be. */
const MAX_TEXT_NODES = 1_000;
const MAX_TEXT = 4_000;
/** How many nodes the texts of all properties of a page read together (nested properties read theirs again). */
const MAX_TEXT_NODES_PER_PAGE = 500_000;
/** How many JSON-LD blocks and top-level things are read. */
const MAX_BLOCKS = 100;
const MAX_THINGS = 500;

const isElement = (node: Node): node is Element => 'tagName' in node;

const attr = (element: Element, name: string): string | undefined =>
  element.attrs.find((attribute) => attribute.name === name)?.value;

const childrenOf = (node: Node): readonly Node[] => ('childNodes' in node ? node.childNodes : []);

/** Pushes entries last first, so the stack pops them in document order. */
function pushReversed<T>(stack: T[], entries: readonly T[]): void {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    if (entry !== undefined) stack.push(entry);
  }
}

/** The text under a node, bounded in nodes read (its own and the page's `budget`) and characters kept. */
function textUnder(node: Node, budget: { nodes: number }): string {
  const stack: Node[] = [node];
  let text = '';
  let seen = 0;
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    if (++seen > MAX_TEXT_NODES || text.length >= MAX_TEXT || budget.nodes-- <= 0) break;
    if (current.nodeName === '#text' && 'value' in current) text += current.value;
    else if (!isElement(current) || !['script', 'style'].includes(current.tagName)) {
      pushReversed(stack, childrenOf(current));
    }
  }
  return text.slice(0, MAX_TEXT);
}

/** The source of a script element: its text, whole (the input is bounded already). */
const scriptText = (script: Element): string =>
  script.childNodes
    .map((child) => (child.nodeName === '#text' && 'value' in child ? child.value : ''))
    .join('');

/** A microdata property's value as the HTML standard reads it from its element. */
function propertyValue(element: Element, budget: { nodes: number }): string {
  switch (element.tagName) {
    case 'meta':
      return attr(element, 'content') ?? '';
    case 'audio':
    case 'embed':
    case 'iframe':
    case 'img':
    case 'source':
    case 'track':
    case 'video':
      return attr(element, 'src') ?? '';
    case 'a':
    case 'area':
    case 'link':
      return attr(element, 'href') ?? '';
    case 'object':
      return attr(element, 'data') ?? '';
    case 'data':
    case 'meter':
      return attr(element, 'value') ?? '';
    case 'time':
      return attr(element, 'datetime') ?? textUnder(element, budget);
    default:
      return textUnder(element, budget);
  }
}

function addProperty(item: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__') return;
  const existing = item[name];
  if (existing === undefined) item[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else item[name] = [existing, value];
}

const isLdJson = (element: Element): boolean =>
  element.tagName === 'script' &&
  (attr(element, 'type') ?? '').split(';')[0]?.trim().toLowerCase() === 'application/ld+json';

/** A JSON-LD block's things: the object, the list's objects, a `@graph`'s nodes; undefined if not JSON. */
function jsonLdThings(source: string): Thing[] {
  const text = source
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\/\/\s*<!\[CDATA\[/, '')
    .replace(/\/\/\s*\]\]>$/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return []; // malformed JSON-LD is skipped, as mail clients do
  }
  const tops = (Array.isArray(parsed) ? parsed : [parsed]).slice(0, MAX_THINGS).filter(isThing);
  const nodes = tops.flatMap((top) =>
    Array.isArray(top['@graph']) ? top['@graph'].slice(0, MAX_THINGS).filter(isThing) : [top],
  );
  const index = new Map<string, Thing>();
  for (const node of nodes) if (typeof node['@id'] === 'string') index.set(node['@id'], node);
  return nodes.map((node) => normalize(node, index)).filter(isThing);
}

/** The schema.org things of an HTML document: JSON-LD first, then microdata items, in page order. */
export function thingsInHtml(html: string): Thing[] {
  const document = parse(html, { scriptingEnabled: false });
  const jsonLd: Thing[] = [];
  const items: Record<string, unknown>[] = [];
  let blocks = 0;
  let properties = 0;
  const budget = { nodes: MAX_TEXT_NODES_PER_PAGE };
  type Frame = { node: Node; item: Record<string, unknown> | null; depth: number };
  const stack: Frame[] = [{ node: document, item: null, depth: 0 }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const { node, item, depth } = frame;
    let childItem = item;
    let childDepth = depth;
    if (isElement(node)) {
      if (node.tagName === 'script') {
        if (isLdJson(node) && blocks < MAX_BLOCKS && jsonLd.length < MAX_THINGS) {
          blocks += 1;
          jsonLd.push(...jsonLdThings(scriptText(node)));
        }
        continue; // no other script is read, and none is ever run
      }
      if (node.tagName === 'style' || node.tagName === 'template') continue;
      const names = item ? (attr(node, 'itemprop') ?? '').split(/\s+/).filter(Boolean) : [];
      const scoped = attr(node, 'itemscope') !== undefined && depth < MAX_ITEM_DEPTH;
      if (scoped) {
        const types = (attr(node, 'itemtype') ?? '').split(/\s+/).filter(Boolean);
        const child: Record<string, unknown> = { '@type': types.length === 1 ? types[0] : types };
        if (item && names.length > 0) {
          for (const name of names) if (properties++ < MAX_PROPERTIES) addProperty(item, name, child);
        } else if (items.length < MAX_THINGS) {
          items.push(child);
        }
        childItem = child;
        childDepth = depth + 1;
      } else if (item && names.length > 0 && properties < MAX_PROPERTIES) {
        const value = propertyValue(node, budget);
        for (const name of names) if (properties++ < MAX_PROPERTIES) addProperty(item, name, value);
      }
    }
    pushReversed(
      stack,
      childrenOf(node).map((child) => ({ node: child, item: childItem, depth: childDepth })),
    );
  }
  return [...jsonLd, ...items.map((item) => normalize(item)).filter(isThing)];
}

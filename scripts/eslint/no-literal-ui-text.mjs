/**
 * ESLint rule `tripcrew/no-literal-ui-text` (decision 029): the web app's components write no
 * user-facing text of their own; every word goes through a Lingui macro (`<Trans>`, `t`, `msg`,
 * `plural`) so it reaches the catalogue. Reported:
 *
 * - JSX text with a letter in it (`<p>Save</p>`);
 * - a string or template literal with a letter in a user-facing attribute (`aria-label`, `title`,
 *   `placeholder`, `alt`, `label`, … — see USER_FACING_ATTRIBUTE), or as a JSX child
 *   (`{busy ? 'Saving…' : 'Save'}`);
 * - the same as the first argument of a call that shows it (`toast.error('…')`, `confirm('…')`).
 *
 * Anything inside a macro call or a <Trans>/<Plural>/<Select> element is the macro's to extract.
 */
const LETTER = /\p{L}/u;

/** Attributes a person reads or hears (and props of the app's components that end up in one). */
export const USER_FACING_ATTRIBUTE =
  /^(aria-label|aria-description|aria-placeholder|aria-roledescription|aria-valuetext|title|placeholder|alt|label|[a-z]+Label|description|heading|subtitle|hint|emptyText|message|confirmText|text)$/;

/** Calls whose first argument is shown to a person. */
const SHOWN_BY =
  /^(toast(\.(success|error|info|warn|warning))?|(window\.)?(alert|confirm|prompt)|useDocumentTitle)$/;

const MACRO_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
const MACRO_CALLS = new Set(['t', 'msg', 'defineMessage', 'plural', 'select', 'selectOrdinal']);

const hasLetter = (node) =>
  (node.type === 'Literal' && typeof node.value === 'string' && LETTER.test(node.value)) ||
  (node.type === 'TemplateLiteral' && node.quasis.some((quasi) => LETTER.test(quasi.value.cooked ?? '')));

const calleeName = (callee) => {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
    const object = calleeName(callee.object);
    return object ? `${object}.${callee.property.name}` : null;
  }
  return null;
};

/** True inside a macro: <Trans>…</Trans>, t`…`, t({ … }), msg`…`, plural(…). */
function insideMacro(node) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type === 'JSXElement' && parent.openingElement.name.type === 'JSXIdentifier') {
      if (MACRO_ELEMENTS.has(parent.openingElement.name.name)) return true;
    }
    if (parent.type === 'TaggedTemplateExpression' && MACRO_CALLS.has(calleeName(parent.tag))) return true;
    if (parent.type === 'CallExpression' && MACRO_CALLS.has(calleeName(parent.callee))) return true;
  }
  return false;
}

/** The expression a literal stands for in its parent, through `a ? 'x' : 'y'`, `a && 'x'`, `a ?? 'x'`. */
function outermost(node) {
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (parent?.type === 'ConditionalExpression' && parent.test !== current) current = parent;
    else if (parent?.type === 'LogicalExpression') current = parent;
    else return current;
  }
}

export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-facing text in components goes through a Lingui macro (decision 029).' },
    schema: [],
    messages: {
      text: 'Literal text "{{text}}": wrap it in <Trans> (lib/i18n, decision 029).',
      attribute: 'Literal {{name}} "{{text}}": use t`…` from useLingui() (decision 029).',
      call: 'Literal text "{{text}}" shown by {{name}}(): use t`…` (decision 029).',
    },
  },
  create(context) {
    const excerpt = (text) => text.trim().replace(/\s+/g, ' ').slice(0, 40);
    const check = (node) => {
      if (!hasLetter(node) || insideMacro(node)) return;
      const text = excerpt(
        node.type === 'Literal' ? node.value : node.quasis.map((q) => q.value.cooked).join('…'),
      );
      const host = outermost(node).parent;
      if (!host) return;
      if (host.type === 'JSXExpressionContainer') {
        const owner = host.parent;
        if (owner?.type === 'JSXAttribute') {
          const name = owner.name.type === 'JSXIdentifier' ? owner.name.name : '';
          if (USER_FACING_ATTRIBUTE.test(name))
            context.report({ node, messageId: 'attribute', data: { name, text } });
        } else {
          context.report({ node, messageId: 'text', data: { text } });
        }
      } else if (host.type === 'JSXAttribute') {
        const name = host.name.type === 'JSXIdentifier' ? host.name.name : '';
        if (USER_FACING_ATTRIBUTE.test(name))
          context.report({ node, messageId: 'attribute', data: { name, text } });
      } else if (host.type === 'CallExpression' && host.arguments[0] === outermost(node)) {
        const name = calleeName(host.callee);
        if (name && SHOWN_BY.test(name)) context.report({ node, messageId: 'call', data: { name, text } });
      }
    };
    return {
      JSXText(node) {
        if (!LETTER.test(node.value) || insideMacro(node)) return;
        // Where the words start, not the line break before them.
        const start = node.range[0] + node.value.search(/\S/);
        const loc = context.sourceCode.getLocFromIndex(start);
        context.report({ node, loc, messageId: 'text', data: { text: excerpt(node.value) } });
      },
      Literal: check,
      TemplateLiteral: check,
    };
  },
};

export const tripcrewPlugin = { rules: { 'no-literal-ui-text': noLiteralUiText } };

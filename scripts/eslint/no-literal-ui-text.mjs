/**
 * ESLint rule `tripcrew/no-literal-ui-text` (decision 029): the web app's components write no
 * user-facing text of their own; every word goes through a Lingui macro (`<Trans>`, `t`, `msg`,
 * `plural`) so it reaches the catalogue. Reported:
 *
 * - JSX text with a letter in it (`<p>Save</p>`);
 * - a string or template literal with a letter in a user-facing attribute (`aria-label`, `title`,
 *   `placeholder`, `alt`, `label`, … — see USER_FACING_ATTRIBUTE), or as a JSX child
 *   (`{busy ? 'Saving…' : 'Save'}`);
 * - the same as the first argument of a call that shows it (`toast.error('…')`, `confirm('…')`) or of a
 *   state setter of a message (`setError('…')`, `setCodeProblem('…')`, the values of
 *   `setErrors({ email: '…' })`, directly or through a local constant), as the fallback beside an
 *   error's `.message` (`isApiError(e) ? e.message : '…'`), as the default of a user-facing prop or
 *   parameter (`{ placeholder = '…' }`), or as the argument of a function of the file whose parameter
 *   has a user-facing name (`button('Try again')` for `button(label)`);
 * - a module-level constant holding such text when its name says it is text (`SEND_FAILED_TEXT`,
 *   `…_TITLE`, `…_LABEL`, `…_MESSAGE`, `…_HINT`, `…_ERROR`, `…_WARNING`) or when it is used in one
 *   of the places above (`title={SEARCH_TITLE}`, `{EMPTY}`, `toast.error(FAILED)`): such a constant
 *   is a `msg` descriptor, shown with `i18n._(…)` or `t(…)`.
 *
 * Anything inside a macro call or a <Trans>/<Plural>/<Select> element is the macro's to extract.
 */
const LETTER = /\p{L}/u;

/** Attributes a person reads or hears (and props of the app's components that end up in one). */
export const USER_FACING_ATTRIBUTE =
  /^(aria-label|aria-description|aria-placeholder|aria-roledescription|aria-valuetext|title|placeholder|alt|label|labels|description|heading|subtitle|hint|message|text|error|[a-z][A-Za-z]*(Text|Label|Labels|Title|Message|Placeholder|Hint|Description|Heading))$/;

/** Parameters of the file's own functions whose argument is shown (besides the attribute names). */
const USER_FACING_PARAMETER = /^(fallback|[a-z][A-Za-z]*Fallback)$/;

/** Module-level constants whose name says they hold text a person reads. */
export const TEXT_CONSTANT = /^[A-Z][A-Z0-9_]*_(TEXT|TITLE|LABEL|MESSAGE|HINT|ERROR|WARNING)$/;

/** Calls whose first argument is shown to a person. */
const SHOWN_BY =
  /^(toast(\.(success|error|info|warn|warning))?|(window\.)?(alert|confirm|prompt)|useDocumentTitle|set(?:[A-Z]\w*)?(Error|Errors|Problem|Message|Text|Hint|Warning))$/;

const MACRO_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
const MACRO_CALLS = new Set(['t', 'msg', 'defineMessage', 'plural', 'select', 'selectOrdinal']);

/** An email address or a web address: written the same in every language. */
const ADDRESS = /^(\S+@\S+\.\S+|https?:\/\/\S+)$/;

const hasLetter = (node) =>
  (node.type === 'Literal' &&
    typeof node.value === 'string' &&
    LETTER.test(node.value) &&
    !ADDRESS.test(node.value.trim())) ||
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
    else if (parent?.type === 'TSAsExpression' || parent?.type === 'TSSatisfiesExpression') current = parent;
    else return current;
  }
}

const nameOf = (node) =>
  node?.type === 'JSXIdentifier' || node?.type === 'Identifier'
    ? node.name
    : node?.type === 'Literal' && typeof node.value === 'string'
      ? node.value
      : '';

/** `error.message`, `failure?.message`, `issues[0]?.message`: a message some other code wrote. */
const isMessageOf = (node) =>
  (node.type === 'MemberExpression' || node.type === 'ChainExpression') &&
  nameOf((node.type === 'ChainExpression' ? node.expression : node).property) === 'message';

/** True when `node` sits beside an error's `.message` as its fallback: `e ? e.message : '…'`, `e.message ?? '…'`. */
function fallbackOfMessage(node) {
  for (let current = node; current.parent; current = current.parent) {
    const parent = current.parent;
    if (parent.type === 'ConditionalExpression' && parent.test !== current) {
      const other = parent.consequent === current ? parent.alternate : parent.consequent;
      if (isMessageOf(other)) return true;
    } else if (parent.type === 'LogicalExpression') {
      const other = parent.left === current ? parent.right : parent.left;
      if (isMessageOf(other)) return true;
    } else return false;
  }
  return false;
}

/** The scope variable `identifier` refers to, if the file declares it. */
function resolve(sourceCode, identifier) {
  for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
  }
  return null;
}

/** The parameter `index` of the function `callee` names, when it is one of the file's functions. */
function parameterName(sourceCode, callee, index) {
  if (callee.type !== 'Identifier') return '';
  const definition = resolve(sourceCode, callee)?.defs[0];
  if (!definition) return '';
  const fn =
    definition.type === 'FunctionName'
      ? definition.node
      : definition.type === 'Variable' &&
          (definition.node.init?.type === 'ArrowFunctionExpression' ||
            definition.node.init?.type === 'FunctionExpression')
        ? definition.node.init
        : null;
  const parameter = fn?.params[index];
  return nameOf(parameter?.type === 'AssignmentPattern' ? parameter.left : parameter);
}

const isUserFacingName = (name) => USER_FACING_ATTRIBUTE.test(name) || USER_FACING_PARAMETER.test(name);

/** A module-level `const NAME = …` declarator (exported or not) that `node` is the value of. */
function moduleConstant(node) {
  const declarator = node.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== node) return null;
  const declaration = declarator.parent;
  if (declaration.kind !== 'const' || declarator.id.type !== 'Identifier') return null;
  const holder = declaration.parent;
  if (
    holder.type === 'Program' ||
    (holder.type === 'ExportNamedDeclaration' && holder.parent.type === 'Program')
  )
    return declarator;
  return null;
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
      fallback: 'Literal fallback "{{text}}" of an error message: use t`…` (decision 029).',
      constant:
        'Literal text "{{text}}" in {{name}}: make it a msg`…` descriptor and show it with i18n._() (decision 029).',
    },
  },
  create(context) {
    const { sourceCode } = context;
    const excerpt = (text) => text.trim().replace(/\s+/g, ' ').slice(0, 40);

    /**
     * Where the value `expression` goes, when a person reads it there: { messageId, name } or null.
     * `expression` is a literal (through `?:`, `&&`, `??`) or an identifier naming a constant.
     */
    const shownAt = (expression) => {
      const host = expression.parent;
      if (!host) return null;
      if (host.type === 'ArrayExpression' && host.parent?.type === 'JSXExpressionContainer') {
        const owner = host.parent.parent;
        const name = owner?.type === 'JSXAttribute' ? nameOf(owner.name) : '';
        return USER_FACING_ATTRIBUTE.test(name) ? { messageId: 'attribute', name } : null;
      }
      if (host.type === 'JSXExpressionContainer') {
        const owner = host.parent;
        if (owner?.type === 'JSXAttribute') {
          const name = nameOf(owner.name);
          return USER_FACING_ATTRIBUTE.test(name) ? { messageId: 'attribute', name } : null;
        }
        return owner?.type === 'JSXElement' || owner?.type === 'JSXFragment' ? { messageId: 'text' } : null;
      }
      if (host.type === 'JSXAttribute') {
        const name = nameOf(host.name);
        return USER_FACING_ATTRIBUTE.test(name) ? { messageId: 'attribute', name } : null;
      }
      if (host.type === 'AssignmentPattern' && host.right === expression) {
        // `{ placeholder = 'Write…' }` in a component's props, `(label = 'Add')` in a parameter list.
        const name = nameOf(host.parent?.type === 'Property' ? host.parent.key : host.left);
        return isUserFacingName(name) ? { messageId: 'attribute', name } : null;
      }
      if (host.type === 'Property' && host.value === expression && host.parent.type === 'ObjectExpression') {
        // `setErrors({ email: '…' })`, or `const next = { email: '…' }; setErrors(next)`.
        const object = outermost(host.parent);
        const setter = (node) => {
          const call = node.parent;
          if (call?.type !== 'CallExpression' || call.arguments[0] !== node) return null;
          const name = calleeName(call.callee);
          return name && SHOWN_BY.test(name) ? { messageId: 'call', name } : null;
        };
        if (object.parent?.type === 'VariableDeclarator' && object.parent.init === object) {
          for (const variable of sourceCode.getDeclaredVariables(object.parent)) {
            for (const reference of variable.references) {
              const shown = setter(reference.identifier);
              if (shown) return shown;
            }
          }
          return null;
        }
        return setter(object);
      }
      if (host.type === 'CallExpression' && host.callee !== expression) {
        const index = host.arguments.indexOf(expression);
        const name = calleeName(host.callee);
        if (index === 0 && name && SHOWN_BY.test(name)) return { messageId: 'call', name };
        const parameter = parameterName(sourceCode, host.callee, index);
        if (isUserFacingName(parameter)) return { messageId: 'attribute', name: parameter };
      }
      return null;
    };

    /** Reports a module-level text constant when its name or one of its uses shows it to a person. */
    const checkConstant = (node, declarator, text) => {
      const name = declarator.id.name;
      const shown =
        TEXT_CONSTANT.test(name) ||
        sourceCode
          .getDeclaredVariables(declarator)
          .some((variable) =>
            variable.references.some((reference) => shownAt(outermost(reference.identifier))),
          );
      if (shown) context.report({ node, messageId: 'constant', data: { name, text } });
    };

    const check = (node) => {
      if (!hasLetter(node) || insideMacro(node)) return;
      if (node.parent?.type === 'TaggedTemplateExpression' || node.parent?.type === 'ImportDeclaration')
        return;
      const text = excerpt(
        node.type === 'Literal' ? node.value : node.quasis.map((q) => q.value.cooked).join('…'),
      );
      const expression = outermost(node);
      const declarator = moduleConstant(expression);
      if (declarator) return checkConstant(node, declarator, text);
      const shown = shownAt(expression);
      if (shown)
        return context.report({ node, messageId: shown.messageId, data: { name: shown.name, text } });
      if (fallbackOfMessage(node)) context.report({ node, messageId: 'fallback', data: { text } });
    };
    return {
      JSXText(node) {
        if (!LETTER.test(node.value) || insideMacro(node)) return;
        // Where the words start, not the line break before them.
        const start = node.range[0] + node.value.search(/\S/);
        const loc = sourceCode.getLocFromIndex(start);
        context.report({ node, loc, messageId: 'text', data: { text: excerpt(node.value) } });
      },
      Literal: check,
      TemplateLiteral: check,
    };
  },
};

export const tripcrewPlugin = { rules: { 'no-literal-ui-text': noLiteralUiText } };

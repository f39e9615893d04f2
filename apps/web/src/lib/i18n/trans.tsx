/**
 * The React side of the message runtime (decision 029): what `<Trans>` and `useLingui()` of
 * `@lingui/react/macro` compile to. A message's tags (`<0>terms</0>`, `<1/>`) become the elements
 * the macro passed in `components`; values that are elements travel the same way.
 */
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { type CompiledMessage, i18n, type MessageValues } from './i18n.ts';

const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/;

type Elements = Record<string, ReactElement<{ children?: ReactNode }>>;

/** The text with each numbered tag replaced by its element (its own text inside it). */
export function formatElements(text: string, elements: Elements): ReactNode {
  const parts = text.split(TAG);
  if (parts.length === 1) return text;
  const nodes: ReactNode[] = parts[0] ? [parts[0]] : [];
  for (let i = 1; i < parts.length; i += 4) {
    const [paired, inner, single, after] = parts.slice(i, i + 4);
    const element = elements[paired ?? single ?? ''];
    if (element) {
      const children = paired ? formatElements(inner ?? '', elements) : element.props.children;
      nodes.push(cloneElement(element, { key: i }, children));
    }
    if (after) nodes.push(after);
  }
  return nodes;
}

export interface TransProps {
  id?: string;
  message?: CompiledMessage;
  values?: MessageValues;
  components?: Elements;
}

/** A message with markup: `<Trans>Read the <Link to="/terms">terms</Link></Trans>` in the code. */
export function Trans({ id, message, values = {}, components = {} }: TransProps): ReactNode {
  const elements = { ...components };
  const plain: MessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === null || typeof value !== 'object') {
      plain[name] = value;
    } else {
      const index = Object.keys(elements).length;
      elements[index] = <>{value as ReactNode}</>;
      plain[name] = `<${index}/>`;
    }
  }
  return formatElements(i18n._({ id, message, values: plain }), elements);
}

/**
 * `const { t } = useLingui()` in a component. A language is chosen before the first render and a
 * change of language reloads the page (lib/i18n/start-locale.ts), so nothing here re-renders.
 */
export function useLingui() {
  return { i18n, _: i18n._ };
}

import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /share/:token: a trip's public, read-only plan (issue 21). */
export function SharePage() {
  useDocumentTitle('Shared trip');
  return <h1 className="text-2xl font-bold">Shared trip</h1>;
}

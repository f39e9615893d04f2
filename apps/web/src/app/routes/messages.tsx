import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /messages: every conversation, direct and trip chats (issue 21). Protected. */
export function MessagesPage() {
  useDocumentTitle('Messages');
  return <h1 className="text-2xl font-bold">Messages</h1>;
}

import { hashPassword } from '../../platform/passwords.ts';
import { userAccounts } from '../../modules/users/users.service.ts';
import { appendMessage, ensureChatLocked } from '../../modules/chats/core/chats.repository.ts';
import { addCrewPair } from '../../modules/crew/crew.repository.ts';
import type { Db } from '../client.ts';

/** Confirmed demo accounts for a newcomer (SEED_DEMO); the README lists these credentials. */
export const DEMO_USERS = [
  { email: 'ana@tripcrew.test', password: 'Tripcrew-demo-1', name: 'Ana', lastName: 'García' },
  { email: 'ben@tripcrew.test', password: 'Tripcrew-demo-2', name: 'Ben', lastName: 'Okafor' },
  { email: 'chloe@tripcrew.test', password: 'Tripcrew-demo-3', name: 'Chloé', lastName: 'Martin' },
  { email: 'dan@tripcrew.test', password: 'Tripcrew-demo-4', name: 'Dan', lastName: 'Kowalski' },
] as const;

/** Creates the demo users that are missing; never touches an existing account. */
export async function seedDemoUsers(db: Db): Promise<{ created: number }> {
  let created = 0;
  for (const demo of DEMO_USERS) {
    if (await userAccounts.findByEmail(db, demo.email)) continue;
    const inserted = await userAccounts.insert(db, {
      email: demo.email,
      name: demo.name,
      lastName: demo.lastName,
      passwordHash: await hashPassword(demo.password),
      emailVerifiedAt: new Date(),
    });
    if (inserted) created += 1;
  }
  return { created };
}

/** A first conversation between the first two demo users (sender index, text). */
const DEMO_CHAT: ReadonlyArray<readonly [0 | 1, string]> = [
  [0, 'Hi Ben! Lisbon in spring? 🌞'],
  [1, 'Count me in. I will look at the trams and the pastéis de nata 🥐'],
  [0, 'Perfect, I will start a trip and add you to it.'],
];

/**
 * The demo users' crew (everyone with everyone) and a first chat between Ana and Ben, so a
 * newcomer sees the social side at once. Idempotent: crew links are kept once, and the chat is
 * only written while it is empty.
 */
export async function seedDemoSocial(db: Db): Promise<void> {
  const ids: string[] = [];
  for (const demo of DEMO_USERS) {
    const row = await userAccounts.findByEmail(db, demo.email);
    if (row) ids.push(row.id);
  }
  if (ids.length !== DEMO_USERS.length) return;
  for (let i = 0; i < ids.length; i += 1) {
    for (let j = i + 1; j < ids.length; j += 1) await addCrewPair(db, ids[i] as string, ids[j] as string);
  }
  const pair = [ids[0] as string, ids[1] as string];
  const [userA, userB] = [...pair].sort() as [string, string];
  await db.transaction(async (tx) => {
    const chat = await ensureChatLocked(tx, userA, userB);
    if (chat.aReadSeq > 0 || chat.bReadSeq > 0) return;
    for (const [sender, text] of DEMO_CHAT) {
      const senderId = pair[sender] as string;
      await appendMessage(tx, {
        chatId: chat.id,
        senderId,
        senderSide: senderId === userA ? 'a' : 'b',
        text,
      });
    }
  });
}

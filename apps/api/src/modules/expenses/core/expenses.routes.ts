import { idParamsSchema, okSchema } from '@tripcrew/contracts/common';
import {
  balancesSchema,
  budgetBodySchema,
  budgetSchema,
  currenciesSchema,
  currencyList,
  expenseBodySchema,
  expenseListSchema,
  expenseParamsSchema,
  expenseSchema,
  myMoneySchema,
  openMoneySchema,
  rateQuerySchema,
  rateSchema,
  settlementBodySchema,
  settlementChangeSchema,
  settlementParamsSchema,
} from '@tripcrew/contracts/expenses';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { readFileUpload } from '../../../platform/uploads.ts';
import { RECEIPT_ACCEPTED, RECEIPT_MAX_BYTES } from '../receipts/expense-receipts.service.ts';
import { sendFile } from '../../../platform/route-options.ts';
import { done, routeTable, tableRoutes } from '../../../platform/route-table.ts';
import type { MoneyServices } from './expenses-money.ts';

const tag = 'money';
const errors = [400, 401, 403, 404] as const;
const PERMISSIONS =
  'Admins, members, drivers and guides read and add; guests, others and viewers read only when the admin allows it; an expense is changed by its author or an admin, a settlement by who paid, who was paid or an admin (docs/trips-permissions.md, "Money"). Non-members get 404.';
const describe = (text: string) => `${text} ${PERMISSIONS}`;
const csv = z.string().describe('CSV, UTF-8 with a byte order mark');
/** A CSV of the money service as the file to send. */
const csvFile = (file: { fileName: string; text: string }) => ({
  type: 'text/csv; charset=utf-8',
  fileName: file.fileName,
  body: file.text,
});

/** A trip's money: budget, expenses in any currency, balances, settlements, CSV exports. */
export const expensesRoutes = (services: MoneyServices) =>
  tableRoutes('signedIn', { tag, errors, private: true }, async (route, app) => {
    // Receipts come as multipart/form-data (this plugin's routes only).
    await app.register(multipart, { limits: { fileSize: RECEIPT_MAX_BYTES, files: 1 } });
    const { expenses, budget, balances, receipts } = services;
    const trip = { description: describe(''), params: idParamsSchema };
    const expense = { description: describe(''), params: expenseParamsSchema };

    routeTable(app, 'public', { tag }).get('/core/currencies', {
      summary: 'The ISO 4217 currencies an expense may be in, with their decimals',
      answer: currenciesSchema,
      run: async ({ reply }) => reply.header('cache-control', 'public, max-age=86400').send(currencyList()),
    });

    route.get('/core/trips/:id/budget', {
      summary: "The trip's budget: planned against spent, per category, day and member",
      ...trip,
      answer: budgetSchema,
      run: ({ userId, params }) => budget.get(userId, params.id),
    });

    route.put('/core/trips/:id/budget', {
      summary: "Change the budget, the base currency or who sees the trip's money (admins)",
      description: describe('The base currency changes only before the first expense.'),
      params: idParamsSchema,
      body: budgetBodySchema,
      answer: budgetSchema,
      run: ({ userId, params, body }) => budget.update(userId, params.id, body),
    });

    route.get('/core/trips/:id/expenses', {
      summary: "The trip's expenses and settlements, newest first",
      ...trip,
      answer: expenseListSchema,
      run: ({ userId, params }) => expenses.list(userId, params.id),
    });

    route.post('/core/trips/:id/expenses', {
      summary: 'Add an expense, split equally, by shares, by percentages or by exact amounts',
      description: describe('Answers 201 with the expense.'),
      params: idParamsSchema,
      body: expenseBodySchema,
      answer: expenseSchema,
      status: 201,
      run: ({ userId, params, body }) => expenses.add(userId, params.id, body),
    });

    route.put('/core/trips/:id/expenses/:expenseId', {
      summary: 'Change an expense (its author or an admin)',
      ...expense,
      body: expenseBodySchema,
      answer: expenseSchema,
      run: ({ userId, params, body }) => expenses.update(userId, params.id, params.expenseId, body),
    });

    route.delete('/core/trips/:id/expenses/:expenseId', {
      summary:
        'Delete an expense (its author or an admin) or a settlement (who paid, who was paid, or an admin)',
      ...expense,
      answer: okSchema,
      run: ({ userId, params }) => done(expenses.remove(userId, params.id, params.expenseId)),
    });

    route.put('/core/trips/:id/expenses/:expenseId/receipt', {
      summary: "Attach or replace an expense's receipt (an image or a PDF, multipart field file)",
      description: describe(
        `Its author or an admin. At most ${RECEIPT_MAX_BYTES / 1024 / 1024} MB; images are re-encoded without their metadata.`,
      ),
      params: expenseParamsSchema,
      consumes: ['multipart/form-data'],
      answer: okSchema,
      run: async ({ userId, params, request }) => {
        const file = await readFileUpload(request, RECEIPT_MAX_BYTES, RECEIPT_ACCEPTED);
        return done(receipts.put(userId, params.id, params.expenseId, file));
      },
    });

    route.get('/core/trips/:id/expenses/:expenseId/receipt', {
      summary: "An expense's receipt (the people in the expense and the trip's admins)",
      description: describe('A download: image/webp or application/pdf.'),
      params: expenseParamsSchema,
      produces: ['image/webp', 'application/pdf'],
      errors: [],
      run: async ({ userId, params, reply }) => {
        const file = await receipts.get(userId, params.id, params.expenseId);
        return sendFile(reply.header('content-security-policy', "default-src 'none'; sandbox"), {
          type: file.type,
          fileName: file.name,
          body: file.data,
        });
      },
    });

    route.delete('/core/trips/:id/expenses/:expenseId/receipt', {
      summary: "Remove an expense's receipt (its author or an admin)",
      ...expense,
      answer: okSchema,
      run: ({ userId, params }) => done(receipts.remove(userId, params.id, params.expenseId)),
    });

    route.get('/core/trips/:id/balances', {
      summary: "Everyone's balance and the fewest transfers that settle them",
      ...trip,
      answer: balancesSchema,
      run: ({ userId, params }) => balances.get(userId, params.id),
    });

    route.get('/core/trips/:id/money/mine', {
      summary: "The caller's own part of the trip's money: their balance and the entries they pay or share",
      description:
        'Read-only, for everyone in the trip whatever the admin shares (viewers included), and for someone who left or was removed while their balance is not zero. Anyone else gets 404.',
      params: idParamsSchema,
      answer: myMoneySchema,
      run: ({ userId, params }) => services.mine(userId, params.id),
    });

    route.get('/core/money/open', {
      summary: 'The trips the caller left, or was removed from, whose money is still open for them',
      description:
        "Each with the caller's balance in its base currency; their part is read at GET /core/trips/{id}/money/mine.",
      answer: openMoneySchema,
      run: ({ userId }) => services.open(userId),
    });

    route.post('/core/trips/:id/settlements', {
      summary: 'Record that one person paid another (in the base currency)',
      description: describe('Answers 201 with the settlement entry.'),
      params: idParamsSchema,
      body: settlementBodySchema,
      answer: expenseSchema,
      status: 201,
      run: ({ userId, params, body }) => balances.settle(userId, params.id, body),
    });

    route.patch('/core/trips/:id/settlements/:settlementId', {
      summary: "Change a settlement's amount (who paid, who was paid, or an admin)",
      description: describe(
        'At most what is owed between the two, its own old amount set aside; 409 when `version` is given and the settlement changed since.',
      ),
      params: settlementParamsSchema,
      body: settlementChangeSchema,
      answer: expenseSchema,
      errors: [...errors, 409],
      run: ({ userId, params, body }) => balances.change(userId, params.id, params.settlementId, body),
    });

    route.get('/core/trips/:id/rates', {
      summary: 'The exchange rate the app would use for a currency in this trip',
      ...trip,
      querystring: rateQuerySchema,
      answer: rateSchema,
      run: ({ userId, params, query }) => expenses.rate(userId, params.id, query.currency),
    });

    const csvDownload = { ...trip, produces: ['text/csv'], answer: csv };
    route.get('/core/trips/:id/expenses.csv', {
      summary: "The trip's expenses as CSV",
      ...csvDownload,
      run: async ({ userId, params, reply }) =>
        sendFile(reply, csvFile(await services.csv.expenses(userId, params.id))),
    });

    route.get('/core/trips/:id/balances.csv', {
      summary: "The trip's balances and settle-up transfers as CSV",
      ...csvDownload,
      run: async ({ userId, params, reply }) =>
        sendFile(reply, csvFile(await services.csv.balances(userId, params.id))),
    });
  });

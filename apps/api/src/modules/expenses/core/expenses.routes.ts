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
  rateQuerySchema,
  rateSchema,
  settlementBodySchema,
} from '@tripcrew/contracts/expenses';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { readFileUpload } from '../../../platform/uploads.ts';
import { RECEIPT_ACCEPTED, RECEIPT_MAX_BYTES } from '../receipts/expense-receipts.service.ts';
import {
  errorResponses,
  privateAnswers,
  publicRoute,
  sendFile,
  signedInRoute,
} from '../../../platform/route-options.ts';
import type { MoneyServices } from './expenses-money.ts';

const tag = 'money';
const errors = errorResponses(400, 401, 403, 404);
const PERMISSIONS =
  'Admins, members, drivers and guides read and add; guests, others and viewers read only when the admin allows it; an expense is changed by its author or an admin (docs/trips-permissions.md, "Money"). Non-members get 404.';
const describe = (text: string) => `${text} ${PERMISSIONS}`;
const csv = z.string().describe('CSV, UTF-8 with a byte order mark');
/** The options both CSV downloads share. */
const csvDownload = {
  description: describe(''),
  params: idParamsSchema,
  produces: ['text/csv'],
  response: { 200: csv, ...errors },
};
/** A CSV of the money service as the file to send. */
const csvFile = (file: { fileName: string; text: string }) => ({
  type: 'text/csv; charset=utf-8',
  fileName: file.fileName,
  body: file.text,
});

/** A trip's money: budget, expenses in any currency, balances, settlements, CSV exports. */
export const expensesRoutes =
  (services: MoneyServices): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);
    // Receipts come as multipart/form-data (this plugin's routes only).
    await app.register(multipart, { limits: { fileSize: RECEIPT_MAX_BYTES, files: 1 } });
    const { expenses, budget, balances } = services;

    app.get(
      '/core/currencies',
      publicRoute(tag, {
        summary: 'The ISO 4217 currencies an expense may be in, with their decimals',
        response: { 200: currenciesSchema },
      }),
      async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').send(currencyList()),
    );

    app.get(
      '/core/trips/:id/budget',
      signedInRoute(app, tag, {
        summary: "The trip's budget: planned against spent, per category, day and member",
        description: describe(''),
        params: idParamsSchema,
        response: { 200: budgetSchema, ...errors },
      }),
      async (request) => budget.get(currentUser(request).id, request.params.id),
    );

    app.put(
      '/core/trips/:id/budget',
      signedInRoute(app, tag, {
        summary: "Change the budget, the base currency or who sees the trip's money (admins)",
        description: describe('The base currency changes only before the first expense.'),
        params: idParamsSchema,
        body: budgetBodySchema,
        response: { 200: budgetSchema, ...errors },
      }),
      async (request) => budget.update(currentUser(request).id, request.params.id, request.body),
    );

    app.get(
      '/core/trips/:id/expenses',
      signedInRoute(app, tag, {
        summary: "The trip's expenses and settlements, newest first",
        description: describe(''),
        params: idParamsSchema,
        response: { 200: expenseListSchema, ...errors },
      }),
      async (request) => expenses.list(currentUser(request).id, request.params.id),
    );

    app.post(
      '/core/trips/:id/expenses',
      signedInRoute(app, tag, {
        summary: 'Add an expense, split equally, by shares, by percentages or by exact amounts',
        description: describe('Answers 201 with the expense.'),
        params: idParamsSchema,
        body: expenseBodySchema,
        response: { 201: expenseSchema, ...errors },
      }),
      async (request, reply) =>
        reply.code(201).send(await expenses.add(currentUser(request).id, request.params.id, request.body)),
    );

    app.put(
      '/core/trips/:id/expenses/:expenseId',
      signedInRoute(app, tag, {
        summary: 'Change an expense (its author or an admin)',
        description: describe(''),
        params: expenseParamsSchema,
        body: expenseBodySchema,
        response: { 200: expenseSchema, ...errors },
      }),
      async (request) =>
        expenses.update(currentUser(request).id, request.params.id, request.params.expenseId, request.body),
    );

    app.delete(
      '/core/trips/:id/expenses/:expenseId',
      signedInRoute(app, tag, {
        summary: 'Delete an expense or a settlement (its author or an admin)',
        description: describe(''),
        params: expenseParamsSchema,
        response: { 200: okSchema, ...errors },
      }),
      async (request) => {
        await expenses.remove(currentUser(request).id, request.params.id, request.params.expenseId);
        return { ok: true as const };
      },
    );

    app.put(
      '/core/trips/:id/expenses/:expenseId/receipt',
      signedInRoute(app, tag, {
        summary: "Attach or replace an expense's receipt (an image or a PDF, multipart field file)",
        description: describe(
          `Its author or an admin. At most ${RECEIPT_MAX_BYTES / 1024 / 1024} MB; images are re-encoded without their metadata.`,
        ),
        params: expenseParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: okSchema, ...errors },
      }),
      async (request) => {
        const file = await readFileUpload(request, RECEIPT_MAX_BYTES, RECEIPT_ACCEPTED);
        await services.receipts.put(
          currentUser(request).id,
          request.params.id,
          request.params.expenseId,
          file,
        );
        return { ok: true as const };
      },
    );

    app.get(
      '/core/trips/:id/expenses/:expenseId/receipt',
      signedInRoute(app, tag, {
        summary: "An expense's receipt (the people in the expense and the trip's admins)",
        description: describe('A download: image/webp or application/pdf.'),
        params: expenseParamsSchema,
        produces: ['image/webp', 'application/pdf'],
      }),
      async (request, reply) => {
        const file = await services.receipts.get(
          currentUser(request).id,
          request.params.id,
          request.params.expenseId,
        );
        return sendFile(reply.header('content-security-policy', "default-src 'none'; sandbox"), {
          type: file.type,
          fileName: file.name,
          body: file.data,
        });
      },
    );

    app.delete(
      '/core/trips/:id/expenses/:expenseId/receipt',
      signedInRoute(app, tag, {
        summary: "Remove an expense's receipt (its author or an admin)",
        description: describe(''),
        params: expenseParamsSchema,
        response: { 200: okSchema, ...errors },
      }),
      async (request) => {
        await services.receipts.remove(currentUser(request).id, request.params.id, request.params.expenseId);
        return { ok: true as const };
      },
    );

    app.get(
      '/core/trips/:id/balances',
      signedInRoute(app, tag, {
        summary: "Everyone's balance and the fewest transfers that settle them",
        description: describe(''),
        params: idParamsSchema,
        response: { 200: balancesSchema, ...errors },
      }),
      async (request) => balances.get(currentUser(request).id, request.params.id),
    );

    app.post(
      '/core/trips/:id/settlements',
      signedInRoute(app, tag, {
        summary: 'Record that one person paid another (in the base currency)',
        description: describe('Answers 201 with the settlement entry.'),
        params: idParamsSchema,
        body: settlementBodySchema,
        response: { 201: expenseSchema, ...errors },
      }),
      async (request, reply) =>
        reply.code(201).send(await balances.settle(currentUser(request).id, request.params.id, request.body)),
    );

    app.get(
      '/core/trips/:id/rates',
      signedInRoute(app, tag, {
        summary: 'The exchange rate the app would use for a currency in this trip',
        description: describe(''),
        params: idParamsSchema,
        querystring: rateQuerySchema,
        response: { 200: rateSchema, ...errors },
      }),
      async (request) => expenses.rate(currentUser(request).id, request.params.id, request.query.currency),
    );

    app.get(
      '/core/trips/:id/expenses.csv',
      signedInRoute(app, tag, { summary: "The trip's expenses as CSV", ...csvDownload }),
      async (request, reply) =>
        sendFile(reply, csvFile(await services.csv.expenses(currentUser(request).id, request.params.id))),
    );

    app.get(
      '/core/trips/:id/balances.csv',
      signedInRoute(app, tag, {
        summary: "The trip's balances and settle-up transfers as CSV",
        ...csvDownload,
      }),
      async (request, reply) =>
        sendFile(reply, csvFile(await services.csv.balances(currentUser(request).id, request.params.id))),
    );
  };

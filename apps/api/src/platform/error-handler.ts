import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '@tripcrew/contracts/common';
import { AppError } from './errors.ts';

type ErrorBody = ApiError;

const contextNames: Record<string, string> = {
  body: 'body',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

function fieldFromPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

/** Turns any thrown value into the API's error shape, without leaking internals. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, ...error.extra };
  }
  const err = error as FastifyError & { validationContext?: string };
  if (hasZodFastifySchemaValidationErrors(err)) {
    // fastify-type-provider-zod maps each zod issue to { keyword: code, instancePath, message, params }.
    const first = err.validation[0];
    const context = contextNames[err.validationContext ?? 'body'] ?? 'input';
    let field = fieldFromPath(first?.instancePath ?? '');
    const message = first?.message ?? 'Invalid input';
    const keys = (first?.params as { keys?: unknown } | undefined)?.keys;
    if (first?.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0) {
      const names = keys.map(String).join(', ');
      field = [field, names].filter(Boolean).join('.');
      return {
        statusCode: 400,
        code: 'VALIDATION',
        message: `Unknown ${context} field ${names}: remove it and try again.`,
        field,
      };
    }
    const label = field ? `${context} field ${field}` : context;
    return {
      statusCode: 400,
      code: 'VALIDATION',
      message: `Invalid ${label}: ${message}`,
      ...(field ? { field } : {}),
    };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        statusCode: 400,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Unsupported Content-Type: send the body as application/json.',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        statusCode: 400,
        code: 'INVALID_JSON',
        message: 'The body is empty but Content-Type says JSON: send a JSON body.',
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { statusCode: 400, code: 'BAD_REQUEST', message: 'Content-Length does not match the body.' };
    default:
      break;
  }
  if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { statusCode: 400, code: 'INVALID_JSON', message: 'The request body is not valid JSON.' };
  }
  if (err.statusCode === 429) {
    return {
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: err.message || 'Too many requests. Please slow down.',
    };
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return { statusCode: err.statusCode, code: err.code ?? 'BAD_REQUEST', message: err.message };
  }
  return {
    statusCode: 500,
    code: 'INTERNAL',
    message: 'Something went wrong on our side. Please try again in a moment.',
  };
}

/** The error and its causes (Drizzle wraps driver errors in DrizzleQueryError). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 5 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin shutdown
  '57P02', // crash shutdown
  '57P03', // cannot connect now
  '53300', // too many connections
  '08000', // connection exception
  '08003', // connection does not exist
  '08006', // connection failure
]);

function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some((cause) => {
    const code = (cause as { code?: unknown } | null)?.code;
    return (
      (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) ||
      (cause instanceof Error &&
        /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
          cause.message,
        ))
    );
  });
}

export interface ErrorHandlerOptions {
  /** Called when a request failed because the database could not be reached (the health status). */
  onDatabaseUnavailable?: () => void;
}

export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    let body = toErrorBody(error);
    if (body.statusCode >= 500) {
      if (isDatabaseUnavailable(error)) {
        options.onDatabaseUnavailable?.();
        body = {
          statusCode: 503,
          code: 'UNAVAILABLE',
          message: 'The service is briefly unavailable. Please try again in a moment.',
        };
        reply.header('retry-after', '5');
      }
      if (error instanceof AppError) {
        const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
        const detail = cause ? { cause: String(cause.code ?? cause.message ?? cause) } : {};
        request.log.warn({ code: body.code, ...detail }, body.message);
      } else if (typeof error === 'object' && error !== null && isResponseSerializationError(error))
        request.log.error({ err: error }, 'response does not match its schema');
      else request.log.error({ err: error }, 'request failed');
    } else if (body.statusCode !== 404) {
      request.log.info({ code: body.code, statusCode: body.statusCode }, body.message);
    }
    // Serialised here, not by the route: a route's response schema for the same status code
    // (health's 503, say) must not reshape, or choke on, the error body.
    return reply
      .status(body.statusCode)
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => JSON.stringify(payload))
      .send(body);
  });
}

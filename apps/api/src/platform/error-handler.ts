import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  reason?: string;
  field?: string;
}

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
    const first = err.validation[0];
    const issue = first?.params.issue as { code?: string; message?: string; keys?: string[] } | undefined;
    const context = contextNames[err.validationContext ?? 'body'] ?? 'input';
    let field = fieldFromPath(first?.instancePath ?? '');
    let message = issue?.message ?? 'Invalid input';
    if (issue?.code === 'unrecognized_keys' && issue.keys) {
      const keys = issue.keys.join(', ');
      field = [field, keys].filter(Boolean).join('.');
      message = `Unknown ${context} field ${keys}: remove it and try again.`;
      return { statusCode: 400, code: 'VALIDATION', message, field };
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

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === '57P01' || // admin shutdown
    code === '57P03' || // cannot connect now
    code === '53300' || // too many connections
    (error instanceof Error &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(error.message))
  );
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    let body = toErrorBody(error);
    if (body.statusCode >= 500) {
      if (isDatabaseUnavailable(error)) {
        body = {
          statusCode: 503,
          code: 'UNAVAILABLE',
          message: 'The service is briefly unavailable. Please try again in a moment.',
        };
        reply.header('retry-after', '5');
      }
      if (isResponseSerializationError(error))
        request.log.error({ err: error }, 'response does not match its schema');
      else request.log.error({ err: error }, 'request failed');
    } else if (body.statusCode !== 404) {
      request.log.info({ code: body.code, statusCode: body.statusCode }, body.message);
    }
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
}

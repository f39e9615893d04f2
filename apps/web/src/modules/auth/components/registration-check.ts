import { t } from '@lingui/core/macro';
import { phoneSchema, registerBodySchema } from '@tripcrew/contracts/auth';

/** The registration form's fields. */
export interface RegistrationValues {
  name: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  repeatPassword: string;
}
export type RegistrationField = keyof RegistrationValues;

const SENT_FIELDS = ['name', 'lastName', 'email', 'password'] as const;
const isSentField = (key: unknown): key is (typeof SENT_FIELDS)[number] =>
  (SENT_FIELDS as readonly unknown[]).includes(key);

/**
 * The rules of packages/contracts (registerBodySchema, phoneSchema) checked before sending: one
 * readable message per field that breaks one, e.g. { password: 'Use at least 8 characters…' }.
 * The server checks the same rules (and refuses the most common passwords, which only it knows).
 */
export function registrationProblems(values: RegistrationValues): Partial<Record<RegistrationField, string>> {
  const problems: Partial<Record<RegistrationField, string>> = {};
  const parsed = registerBodySchema.safeParse({
    name: values.name,
    lastName: values.lastName,
    email: values.email,
    password: values.password,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isSentField(field) && problems[field] === undefined) problems[field] = issue.message;
    }
  }
  if (values.phone.trim() !== '') {
    const phone = phoneSchema.safeParse(values.phone);
    if (!phone.success) problems.phone = phone.error.issues[0]?.message ?? t`Check the phone number.`;
  }
  return problems;
}

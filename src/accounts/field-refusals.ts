// The 422s of an email or a new password that cannot be used, shared by every dashboard route
// that takes one (sign-up, an accepted invitation, a reset link, a change of one's own).
import type { DashboardFailure } from '../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT } from '../lib/http/messages.js';
import { invalid } from '../dashboard/route.js';
import { EMAIL_PATTERN, normaliseEmail, passwordProblem } from './passwords.js';

/** 422 for an email that is not one (after trimming), else null. */
export const emailRefusal = (field: string, email: string): DashboardFailure | null =>
  EMAIL_PATTERN.test(normaliseEmail(email)) ? null : invalid({ [field]: DASHBOARD_FIELD_TEXT.email });

/** 422 with the password's field, or null when the password may be used. */
export function passwordRefusal(field: string, password: string, email: string | null): DashboardFailure | null {
  const problem = passwordProblem(password, email);
  if (problem === null) return null;
  return invalid({ [field]: problem === 'too_short' ? DASHBOARD_FIELD_TEXT.passwordTooShort : DASHBOARD_FIELD_TEXT.passwordIsEmail });
}

import { loginSchema } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';

/** The login form's validation, in a chunk of its own (see login-form.tsx). */
export const loginResolver = zodResolver(loginSchema);

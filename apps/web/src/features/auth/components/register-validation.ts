import { registerFormSchema } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';

/**
 * The register form's validation in a chunk of its own (zod and the shared schema), as the login form's: the
 * form paints and comes alive without it and fetches it once it is on screen (decision 029).
 */
export const registerResolver = zodResolver(registerFormSchema);

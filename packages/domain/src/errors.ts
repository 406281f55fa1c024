import { z } from 'zod';

/** The one error shape every API response uses: `{ "error": { "code", "message" } }`. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

import { z } from 'zod';

export const GetHealthResponseSchema = z
  .object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    version: z.string(),
  })
  .meta({ id: 'Health' });
export type GetHealthResponse = z.infer<typeof GetHealthResponseSchema>;

import type { z } from 'zod';
import { badRequest } from '@shop/platform';

/**
 * Parses a REST body or GraphQL arguments with a shared contract schema. The message is the
 * schema's own, without the field path, because the spec's texts are shown to the user as they are.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

// Route schemas compiled on first use. Fastify compiles every route's request schemas with ajv
// and every response schema with fast-json-stringify while the app starts: a quarter of the
// service's start-up CPU went there (ADR 0012). These factories are Fastify's own defaults
// (@fastify/ajv-compiler and @fastify/fast-json-stringify-compiler, the same options, the same
// shared schemas), wrapped so that a route's validator or serializer is built the first time a
// request needs it; the ajv instance itself is created with the first validator. The first
// request of each route pays for its own schemas, once.
//
// `eager: true` builds everything at registration as Fastify does by default, so a test can
// assert that every route's schemas compile (a broken schema would otherwise surface only with
// the first request of its route).
//
// One difference from the defaults: Fastify lower-cases the property names of a `headers` schema
// only for its own compiler; with a custom one it passes them as written. The wrapper
// lower-cases them the same way, so a headers schema behaves as before.

import { AjvCompiler, type ValidatorFactory as AjvValidatorFactory } from '@fastify/ajv-compiler';
import {
  SerializerSelector,
  type SerializerFactory as FjsSerializerFactory,
} from '@fastify/fast-json-stringify-compiler';
import type {
  FastifyRouteSchemaDef,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
  FastifySerializerCompiler,
  FastifyValidationResult,
} from 'fastify/types/schema.js';

type ValidatorFactory = (
  externalSchemas: unknown,
  options: unknown,
) => FastifySchemaCompiler<unknown>;
type SerializerFactory = (
  externalSchemas: unknown,
  options: unknown,
) => FastifySerializerCompiler<unknown>;

/** Typed as Fastify's `schemaController.compilersFactory` expects. */
export interface SchemaCompilersFactory {
  buildValidator: AjvValidatorFactory;
  buildSerializer: FjsSerializerFactory;
}

/** A `headers` schema with its property names (and `required`) lower-cased, as Fastify does. */
function lowerCaseHeaders(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const copy: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  const properties = copy.properties;
  if (typeof properties === 'object' && properties !== null) {
    copy.properties = Object.fromEntries(
      Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value]),
    );
  }
  if (Array.isArray(copy.required)) {
    copy.required = copy.required.map((name: unknown) =>
      typeof name === 'string' ? name.toLowerCase() : name,
    );
  }
  return copy;
}

export function schemaCompilersFactory(options: { eager?: boolean } = {}): SchemaCompilersFactory {
  const eager = options.eager ?? false;
  // One pool each, as Fastify keeps one per server: equal shared schemas and options share an
  // ajv instance across encapsulated contexts.
  const validatorPool = AjvCompiler() as unknown as ValidatorFactory;
  const serializerPool = SerializerSelector() as unknown as SerializerFactory;

  const buildValidator: ValidatorFactory = (externalSchemas, ajvOptions) => {
    let compiler: FastifySchemaCompiler<unknown> | undefined;
    const compilerOf = () => (compiler ??= validatorPool(externalSchemas, ajvOptions));
    return (route: FastifyRouteSchemaDef<unknown>) => {
      const def =
        route.httpPart === 'headers' ? { ...route, schema: lowerCaseHeaders(route.schema) } : route;
      if (eager) return compilerOf()(def);
      let validate: FastifyValidationResult | undefined;
      const lazy = function (this: unknown, data: unknown) {
        validate ??= compilerOf()(def);
        return validate.call(this, data);
      } as FastifyValidationResult;
      // ajv reports a failed validation through the function's `errors`, which Fastify reads.
      Object.defineProperty(lazy, 'errors', {
        get: (): FastifySchemaValidationError[] | null | undefined => validate?.errors,
      });
      return lazy;
    };
  };

  const buildSerializer: SerializerFactory = (externalSchemas, serializerOptions) => {
    let compiler: FastifySerializerCompiler<unknown> | undefined;
    const compilerOf = () => (compiler ??= serializerPool(externalSchemas, serializerOptions));
    return (route: FastifyRouteSchemaDef<unknown>) => {
      if (eager) return compilerOf()(route);
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => (serialize ??= compilerOf()(route))(data);
    };
  };

  return {
    buildValidator: buildValidator as unknown as AjvValidatorFactory,
    buildSerializer: buildSerializer as unknown as FjsSerializerFactory,
  };
}

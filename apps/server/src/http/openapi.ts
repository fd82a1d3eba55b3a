import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import {
  SESSION_COOKIE,
  apiErrorBodySchema,
  auditEventSchema,
  chatMessageSchema,
  conversationSchema,
  notificationSchema,
  ticketAttachmentSchema,
  ticketDetailSchema,
  ticketMessageSchema,
  ticketSchema,
  userSchema,
  userSummarySchema,
} from '@farol/data/contract';
import { PUBLIC, type RouteAccess } from './access';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** Files sent as multipart/form-data next to a route's fields, for the document (the route reads them itself). */
export interface RouteUpload {
  field: string;
  maxFiles: number;
  types: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    upload?: RouteUpload;
  }
}

/** The contract's shapes that the document names (as components) instead of repeating them inline. */
/** Named shapes (an `id`: a component) and documentation the schemas carry (a file's media type). */
const components = z.registry<{ id?: string; type?: string; contentMediaType?: string }>();
for (const [schema, id] of [
  [apiErrorBodySchema, 'ApiError'],
  [userSchema, 'User'],
  [userSummarySchema, 'UserSummary'],
  [notificationSchema, 'Notification'],
  [conversationSchema, 'Conversation'],
  [chatMessageSchema, 'ChatMessage'],
  [ticketSchema, 'Ticket'],
  [ticketDetailSchema, 'TicketDetail'],
  [ticketMessageSchema, 'TicketMessage'],
  [ticketAttachmentSchema, 'TicketAttachment'],
  [auditEventSchema, 'AuditEvent'],
] as const) {
  components.add(schema, { id });
}

/** The body of a file download, for the document (Buffers are sent as they are, never serialized). */
export const fileResponse = (types: readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(
    types.map((type) => {
      const schema = z.custom<Buffer>((value) => Buffer.isBuffer(value));
      components.add(schema, { type: 'string', contentMediaType: type });
      return [type, { schema }];
    }),
  ),
});

/** The description of a list built as JSON by the database and sent as text (the hot paths). */
export const DATABASE_JSON =
  'Built as JSON by the database and sent as it is (a hot path): the schema documents the answer, nothing ' +
  're-serializes it.';

/** An answer without a body (204), documented as JSON Schema's null: the document shows no content. */
export const noContent = z.undefined();

const zodTransform = createJsonSchemaTransform({ schemaRegistry: components, skipList: [] });
const jsonSchemaTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components });

/** A line for people reading the reference: who may call the route, and whose records it reaches. */
const describeAccess = (access: RouteAccess) => {
  if (access.public) return 'Acesso: público.';
  const who = access.adminOnly
    ? 'somente administradores'
    : access.permission
      ? `equipe com \`${access.permission}\` (administradores sempre)`
      : 'qualquer pessoa autenticada';
  const clients = access.adminOnly || access.permission ? (access.clients ? '; clientes também' : '') : '';
  const scope = {
    company: 'clientes veem só a própria empresa',
    own: 'somente registros da própria pessoa',
    none: 'sem registros de terceiros',
  }[access.scope];
  return `Acesso: ${who}${clients}. Escopo: ${scope}.`;
};

type JsonSchema = { properties?: Record<string, unknown>; [key: string]: unknown };

/** Documents a form with files: JSON as declared, and multipart/form-data with the same fields plus the files. */
const uploadBody = (body: JsonSchema | undefined, upload: RouteUpload) => {
  const file = { type: 'string', contentMediaType: 'application/octet-stream' };
  const files =
    upload.maxFiles === 1
      ? { ...file, description: `Um arquivo: ${upload.types.join(', ')}` }
      : {
          type: 'array',
          maxItems: upload.maxFiles,
          items: file,
          description: `Até ${upload.maxFiles} arquivos: ${upload.types.join(', ')}`,
        };
  const multipart = { ...body, type: 'object', properties: { ...body?.properties, [upload.field]: files } };
  return {
    content: {
      ...(body ? { 'application/json': { schema: body } } : {}),
      'multipart/form-data': { schema: multipart },
    },
  };
};

/** What each answer means, for the document's responses that do not say it themselves. */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Criado',
  204: 'Sem conteúdo',
  400: 'Dados inválidos: `details` traz a mensagem de cada campo',
  401: 'Sem sessão válida',
  403: 'Sem permissão (ou escrita só com o cookie vinda de outra origem)',
  404: 'Não encontrado (ou fora do alcance de quem pede)',
  409: 'Em conflito com o estado atual',
  503: 'Indisponível',
};

const describeResponses = (response: Record<string, { description?: string }> | undefined) =>
  response &&
  Object.fromEntries(
    Object.entries(response).map(([status, answer]) => [
      status,
      { ...answer, description: answer.description ?? RESPONSE_DESCRIPTIONS[status] ?? 'Resposta' },
    ]),
  );

/** Keeps only the components the paths use (the zod transform emits an input and an output form of each). */
const pruneComponents: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as OpenAPIV3_1.Document;
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const id = child.replace('#/components/schemas/', '');
        if (!used.has(id)) {
          used.add(id);
          visit(schemas[id]);
        }
      } else visit(child);
    }
  };
  visit(document.paths);
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([id]) => used.has(id))),
    },
  };
};

const transform: SwaggerTransform = (document) => {
  const { schema, url } = zodTransform(document);
  const documented = schema as FastifySchema & { hide?: boolean; description?: string };
  const { access, upload } = document.route.config ?? {};
  if (!access || documented.hide) return { schema, url };
  const tag = url.split('/')[2] ?? 'api';
  return {
    url,
    schema: {
      ...documented,
      tags: [tag],
      description: [documented.description, describeAccess(access)].filter(Boolean).join('\n\n'),
      security: access.public ? [] : [{ bearer: [] }, { session: [] }],
      response: describeResponses(
        documented.response as Record<string, { description?: string }> | undefined,
      ),
      ...(upload ? { body: uploadBody(documented.body as JsonSchema | undefined, upload) } : {}),
      'x-farol-access': access,
    } as FastifySchema,
  };
};

/**
 * The OpenAPI 3.1 document, built from the zod schemas declared on each route (the same ones that validate
 * requests and serialize answers). Registered before the modules so that it sees every route.
 */
export const registerOpenApi = async (app: FastifyInstance, version: string) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Farol API',
        version,
        description:
          'A API do servidor de referência do Farol. Erros respondem `{error, message, details?}` com mensagens em português.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'O token de POST /api/auth/login.' },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'O cookie HttpOnly da sessão; escritas só com cookie exigem a mesma origem.',
          },
        },
      },
    },
    transform,
    transformObject: pruneComponents,
  });
};

// No inline script in Swagger UI's page; its styles set attributes inline. Nothing is loaded from elsewhere.
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/**
 * GET /api/openapi.json (the document) and GET /api/docs (Swagger UI, served from the package's own files,
 * so it works offline). Both are public: the document describes routes, never data.
 */
export const docsPlugin = async (app: FastifyInstance) => {
  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    { config: { access: PUBLIC }, schema: { hide: true } as FastifySchema },
    async (_request, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
    },
  );

  await app.registerPublic(() =>
    app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: DOCS_CSP,
      theme: { title: 'Farol — referência da API' },
      uiConfig: { deepLinking: true, docExpansion: 'list', tryItOutEnabled: false },
    }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  auditEventListSchema,
  branchListSchema,
  branchSchema,
  cepAddressSchema,
  companyCardSchema,
  companyContactListSchema,
  companyContactSchema,
  companyDetailSchema,
  companyFormOptionsSchema,
  companyListQuerySchema,
  companyListSchema,
  companySchema,
  companySlaSchema,
  companySuggestionListSchema,
  createBranchSchema,
  createCompanyContactSchema,
  createCompanySchema,
  csvImportSchema,
  emailDomainOf,
  importReportSchema,
  isValidCep,
  pageQuerySchema,
  updateBranchSchema,
  updateCompanyContactSchema,
  updateCompanySchema,
  updateCompanySlaSchema,
  type CompanyList,
} from '@farol/data/contract';
import { isAdminRole } from '../../auth/types';
import { viewerOf, type RouteAccess } from '../../http/access';
import { scopeReachesCompany } from '../../http/company-scope';
import { httpError, notFound } from '../../http/errors';
import { detectImageType } from '../../http/file-type';
import { readingMultipart } from '../../http/uploads';
import { DATABASE_JSON, fileResponse, noContent } from '../../http/openapi';
import { idParam, idParamsSchema } from '../../http/validation';
import { auditSource } from '../../shared/audit';
import { readCompanySla, writeCompanySla } from '../../shared/sla';
import { CepUnavailableError, createCepLookup } from './cep';
import { companyCsvRows, csvFile } from './csv';
import { createCompanyEvents } from './events';
import { createCompanyImporter } from './import';
import {
  companiesWithDomain,
  companyCard,
  exportCompanies,
  formOptions,
  listCompaniesJson,
  loadCompanyRow,
  readLogo,
} from './repository';
import { companyTarget, createCompanyService } from './service';

/** Staff holding companies.view read; clients never. */
const READER: RouteAccess = { permission: 'companies.view', clients: false, scope: 'company' };
/** Staff holding companies.manage write. */
const WRITER: RouteAccess = { permission: 'companies.manage', clients: false, scope: 'company' };
/** The logo: staff who read companies, and a client of that company (its portal card shows it). */
const LOGO_READER: RouteAccess = { permission: 'companies.view', clients: true, scope: 'company' };

/** The most companies one export file carries. */
export const EXPORT_MAX_ROWS = 50_000;
/** A 5 MB CSV sent as a JSON string may double in size with escapes. */
const IMPORT_BODY_LIMIT = 11 * 1024 * 1024;
const UNSUPPORTED = 'Formato não suportado. Envie uma imagem JPG, PNG, GIF ou WEBP.';

const branchParamsSchema = idParamsSchema.extend({ branchId: idParam('branchId') });
const contactParamsSchema = idParamsSchema.extend({ contactId: idParam('contactId') });
const cepParamsSchema = z.object({
  cep: z.string().refine(isValidCep, 'CEP inválido: use 00000-000'),
});
const suggestQuerySchema = z.object({
  email: z
    .string({ error: 'Informe o e-mail' })
    .trim()
    .min(1, 'Informe o e-mail')
    .max(254, 'E-mail: no máximo 254 caracteres'),
});
const contactListQuerySchema = pageQuerySchema.extend({
  q: z.string({ error: 'q deve ser um texto' }).trim().max(100, 'Busca: no máximo 100 caracteres').optional(),
});

/** Companies, their branches and contacts under /api/companies (issue 12). */
export const companiesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const events = createCompanyEvents({ db, realtime: app.realtime });
  const companies = createCompanyService({ db, audit: app.audit, events });
  const importer = createCompanyImporter({ db, audit: app.audit, events });
  const cepUrl = app.config.cepProviderUrl;
  const lookupCep = cepUrl ? createCepLookup({ url: cepUrl, timeoutMs: app.config.cepTimeoutMs }) : null;

  // Every `/:id…` route names a company: a staff account limited to some companies gets 404 for the others
  // (issue 13), before the route reads or writes anything.
  app.addHook('preHandler', async (request) => {
    const scope = request.companyScope;
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (scope?.kind === 'limited' && typeof id === 'number' && !scopeReachesCompany(scope, id))
      throw notFound('Empresa não encontrada');
  });

  app.get(
    '',
    {
      config: { access: READER },
      schema: {
        summary: 'One page of companies, filtered, searched (accents and case ignored) and sorted',
        description: DATABASE_JSON,
        querystring: companyListQuerySchema,
        response: { 200: companyListSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const body = await listCompaniesJson(db, viewer.id, request.query, viewer.scope);
      // Already the CompanyList JSON (built by the database): a string is sent as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as CompanyList);
    },
  );

  app.post(
    '',
    {
      config: { access: WRITER },
      schema: { summary: 'Create a company', body: createCompanySchema, response: { 201: companySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await companies.create(request.body, auditSource(request))),
  );

  // Static paths: fastify's router prefers them to `/:id`, whatever the registration order.
  app.get(
    '/options',
    {
      config: { access: READER },
      schema: {
        summary: 'What the forms offer: staff as account managers, every company',
        response: { 200: companyFormOptionsSchema },
      },
    },
    async (request) => formOptions(db, viewerOf(request).scope),
  );

  app.get(
    '/suggest',
    {
      config: { access: READER },
      schema: {
        summary: "Companies whose e-mail domains hold the address's domain",
        querystring: suggestQuerySchema,
        response: { 200: companySuggestionListSchema },
      },
    },
    async (request) => {
      const domain = emailDomainOf(request.query.email);
      if (!domain) throw httpError(400, 'validation_failed', 'Dados inválidos', { email: 'E-mail inválido' });
      return { items: await companiesWithDomain(db, domain, viewerOf(request).scope) };
    },
  );

  app.get(
    '/mine',
    {
      // Clients only (their own company's public card); staff have no company and get 404.
      config: { access: { permission: null, clients: true, scope: 'company' } },
      schema: {
        summary: "A client's card of their own company: name, logo, their branch",
        response: { 200: companyCardSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const companyId = viewer.scope.kind === 'company' ? viewer.scope.companyId : null;
      const card = companyId === null ? null : await companyCard(db, companyId, viewer.id);
      if (!card) throw notFound('Você não está ligado a uma empresa');
      return card;
    },
  );

  app.get(
    '/export.csv',
    {
      config: { access: READER },
      schema: {
        summary: `The filtered list as CSV (';', UTF-8 with BOM), at most ${EXPORT_MAX_ROWS} companies`,
        querystring: companyListQuerySchema,
        response: { 200: fileResponse(['text/csv'], 'The companies, one per line') },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const rows = await exportCompanies(db, viewer.id, request.query, EXPORT_MAX_ROWS, viewer.scope);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="empresas-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvFile(companyCsvRows(rows)));
    },
  );

  app.post(
    '/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { access: WRITER },
      schema: {
        summary:
          'Import companies from CSV: valid rows saved (an existing CNPJ updates), invalid rows reported',
        body: csvImportSchema,
        response: { 200: importReportSchema },
      },
    },
    async (request) => importer.companies(request.body.csv, auditSource(request)),
  );

  app.post(
    '/contacts/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { access: WRITER },
      schema: {
        summary: 'Import contacts from CSV, each found its company by empresa_cnpj or empresa (the name)',
        body: csvImportSchema,
        response: { 200: importReportSchema },
      },
    },
    async (request) => importer.contacts(request.body.csv, auditSource(request)),
  );

  app.get(
    '/cep/:cep',
    {
      config: { access: WRITER },
      schema: {
        summary: 'An address by CEP from the configured provider (off by default: 404)',
        params: cepParamsSchema,
        response: { 200: cepAddressSchema },
      },
    },
    async (request) => {
      if (!lookupCep)
        throw notFound('A consulta de CEP não está ativada neste servidor. Preencha o endereço.');
      try {
        const address = await lookupCep(request.params.cep);
        if (!address) throw notFound('CEP não encontrado');
        return address;
      } catch (error) {
        if (!(error instanceof CepUnavailableError)) throw error;
        request.log.warn({ err: error }, 'companies: CEP lookup failed');
        throw httpError(503, 'internal_error', 'A consulta de CEP não respondeu. Preencha o endereço.');
      }
    },
  );

  app.get(
    '/:id',
    {
      config: { access: READER },
      schema: {
        summary: 'One company with the figures of its page',
        params: idParamsSchema,
        response: { 200: companyDetailSchema },
      },
    },
    async (request) => companies.get(request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Change a company (a parent that makes a loop: 409)',
        params: idParamsSchema,
        body: updateCompanySchema,
        response: { 200: companySchema },
      },
    },
    async (request) => companies.update(request.params.id, request.body, auditSource(request)),
  );

  app.get(
    '/:id/sla',
    {
      config: { access: READER },
      schema: {
        summary: 'Business hours and SLA plan (issue 17): what is stored and what applies',
        params: idParamsSchema,
        response: { 200: companySlaSchema },
      },
    },
    async (request) => readCompanySla(db, request.params.id),
  );

  app.put(
    '/:id/sla',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Set the business hours and SLA plan (null: the default); new chamados follow them',
        params: idParamsSchema,
        body: updateCompanySlaSchema,
        response: { 200: companySlaSchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const { business_hours, sla_plan } = request.body;
      await db.transaction(async (tx) => {
        const before = await readCompanySla(tx, id, true);
        const from = { business_hours: before.business_hours, sla_plan: before.sla_plan };
        const to = { business_hours, sla_plan };
        if (JSON.stringify(from) === JSON.stringify(to)) return;
        await writeCompanySla(tx, id, business_hours, sla_plan);
        await app.audit(
          { ...auditSource(request), ...companyTarget(id), action: 'sla_updated', details: { from, to } },
          tx,
        );
      });
      return readCompanySla(db, id);
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Delete a company nothing refers to (else 409: archive it)',
        params: idParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await companies.remove(request.params.id, auditSource(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/:id/archive',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Archive (and make inactive) a company without open chamados',
        params: idParamsSchema,
        response: { 200: companySchema },
      },
    },
    async (request) => companies.archive(request.params.id, auditSource(request)),
  );

  app.post(
    '/:id/unarchive',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Bring an archived company back',
        params: idParamsSchema,
        response: { 200: companySchema },
      },
    },
    async (request) => companies.unarchive(request.params.id, auditSource(request)),
  );

  app.get(
    '/:id/activity',
    {
      config: { access: READER },
      schema: {
        summary: "The company's changes (its audit events), newest first",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: auditEventListSchema },
      },
    },
    async (request) => {
      await loadCompanyRow(db, request.params.id);
      const { page, limit } = request.query;
      const trail = await app.audit.list({ companyId: request.params.id, module: 'companies', page, limit });
      if (isAdminRole(viewerOf(request).role)) return trail;
      // Where people connected from is for administrators (GET /api/audit).
      return { ...trail, items: trail.items.map((event) => ({ ...event, ip: null, user_agent: null })) };
    },
  );

  // ---------------------------------------------------------------- logo

  app.post(
    '/:id/logo',
    {
      bodyLimit: PROFILE_PICTURE_MAX_BYTES + 64 * 1024,
      config: { access: WRITER, upload: { field: 'file', maxFiles: 1, types: PROFILE_PICTURE_TYPES } },
      schema: {
        summary: 'Upload the logo (multipart, JPG/PNG/GIF/WebP by content, ≤ 5 MB)',
        params: idParamsSchema,
        response: { 200: companySchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw httpError(415, 'unsupported_media_type', 'Envie o arquivo como multipart/form-data');
      }
      await loadCompanyRow(db, request.params.id);
      const bytes = await readingMultipart(async () => {
        const file = await request.file();
        if (!file) {
          throw httpError(400, 'validation_failed', 'Dados inválidos', {
            file: 'Envie um arquivo de imagem',
          });
        }
        const buffer = await file.toBuffer();
        // toBuffer() misses a limit hit on the last chunk; busboy's flag does not.
        if (file.file.truncated) throw httpError(413, 'payload_too_large', 'Arquivo maior que 5MB');
        return buffer;
      });
      const detected = detectImageType(bytes);
      if (!detected) {
        throw httpError(415, 'unsupported_media_type', UNSUPPORTED, {
          file: 'O conteúdo do arquivo não é uma imagem JPG, PNG, GIF ou WEBP',
        });
      }
      return companies.setLogo(request.params.id, { contentType: detected, bytes }, auditSource(request));
    },
  );

  app.delete(
    '/:id/logo',
    {
      config: { access: WRITER },
      schema: { summary: 'Remove the logo', params: idParamsSchema, response: { 200: companySchema } },
    },
    async (request) => companies.removeLogo(request.params.id, auditSource(request)),
  );

  app.get(
    '/:id/logo',
    {
      config: { access: LOGO_READER },
      schema: {
        summary: 'The logo (cached for good: its URL carries a version)',
        params: idParamsSchema,
        response: { 200: fileResponse(PROFILE_PICTURE_TYPES, 'The logo') },
      },
    },
    async (request, reply) => {
      const { scope } = viewerOf(request);
      // Another company's logo does not exist for a client.
      if (scope.kind === 'company' && scope.companyId !== request.params.id)
        throw notFound('Logo não encontrado');
      const logo = await readLogo(db, request.params.id);
      if (!logo) throw notFound('Logo não encontrado');
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(logo.bytes);
    },
  );

  // ---------------------------------------------------------------- branches

  app.get(
    '/:id/branches',
    {
      config: { access: READER },
      schema: {
        summary: 'The filiais, the matriz first',
        params: idParamsSchema,
        response: { 200: branchListSchema },
      },
    },
    async (request) => companies.listBranches(request.params.id),
  );

  app.post(
    '/:id/branches',
    {
      config: { access: WRITER },
      schema: {
        summary: "Add a filial (its CNPJ shares the company's root; a new matriz takes the flag)",
        params: idParamsSchema,
        body: createBranchSchema,
        response: { 201: branchSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await companies.createBranch(request.params.id, request.body, auditSource(request))),
  );

  app.patch(
    '/:id/branches/:branchId',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Change a filial',
        params: branchParamsSchema,
        body: updateBranchSchema,
        response: { 200: branchSchema },
      },
    },
    async (request) =>
      companies.updateBranch(request.params.id, request.params.branchId, request.body, auditSource(request)),
  );

  app.delete(
    '/:id/branches/:branchId',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Delete a filial without open chamados (else 409)',
        params: branchParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await companies.removeBranch(request.params.id, request.params.branchId, auditSource(request));
      return reply.status(204).send();
    },
  );

  // ---------------------------------------------------------------- contacts

  app.get(
    '/:id/contacts',
    {
      config: { access: READER },
      schema: {
        summary: 'Its contacts and those who also answer for it, paged',
        params: idParamsSchema,
        querystring: contactListQuerySchema,
        response: { 200: companyContactListSchema },
      },
    },
    async (request) => companies.listContacts(request.params.id, request.query),
  );

  app.post(
    '/:id/contacts',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Add a contact',
        params: idParamsSchema,
        body: createCompanyContactSchema,
        response: { 201: companyContactSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await companies.createContact(request.params.id, request.body, auditSource(request))),
  );

  app.patch(
    '/:id/contacts/:contactId',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Change a contact of the company',
        params: contactParamsSchema,
        body: updateCompanyContactSchema,
        response: { 200: companyContactSchema },
      },
    },
    async (request) =>
      companies.updateContact(
        request.params.id,
        request.params.contactId,
        request.body,
        auditSource(request),
      ),
  );

  app.delete(
    '/:id/contacts/:contactId',
    {
      config: { access: WRITER },
      schema: { summary: 'Delete a contact', params: contactParamsSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      await companies.removeContact(request.params.id, request.params.contactId, auditSource(request));
      return reply.status(204).send();
    },
  );
};

// The OpenAPI 3.1 document of the three operations the spec details (4.1, 4.2, 4.3), generated
// from the zod schemas of contract/schemas (z.toJSONSchema: JSON Schema 2020-12, the dialect of
// OpenAPI 3.1). Each operation lists the requirement ids that apply to it, and each response the
// ids whose oracle is that answer, so the document doubles as an index into the catalogue.
import { z } from 'zod';
import type { OperationConfig } from '../config/operations.ts';
import { configuredPaths } from './openapi-index.ts';
import { requirement, requirements } from './requirements.ts';
import * as s from './schemas/index.ts';
import type { Operation } from '../core/types.ts';

export interface ResponseSpec {
  /** What the spec says of this answer. */
  text: string;
  schema?: string;
  /** Requirement ids whose oracle is this answer. */
  ids: string[];
}

export interface OperationSpec {
  operation: Operation;
  method: 'post';
  path: string;
  operationId: string;
  summary: string;
  section: string;
  purpose: string;
  parameters: { name: string; in: 'path' | 'query'; description: string }[];
  requestBody: string;
  responses: Record<string, ResponseSpec>;
}

const COMMON_200 = ['ENV-1', 'ENV-2', 'ENV-3', 'ENV-5', 'AUTH-3', 'VER-1'];
const AUTH_403: ResponseSpec = {
  text: 'Unauthorized: "A request without a valid token is rejected with HTTP 403" (spec 5 rule 2): no token, an invalid one, a near miss of a valid one, an empty header, the header twice, the token anywhere but the api-token header; a refused write changes nothing.',
  schema: 'ErrorEnvelope',
  ids: ['AUTH-1', 'AUTH-2', 'AUTH-5', 'AUTH-6', 'AUTH-7', 'AUTH-7b', 'AUTH-8', 'AUTH-11', 'ENV-4', 'ENV-8'],
};
const RATE_429: ResponseSpec = {
  text: 'Too Many Request: "request rate exceeded" (spec 7); "the thresholds and time window: not shown" (spec 8 rule 1).',
  schema: 'ErrorEnvelope',
  ids: ['RL-1', 'RL-2', 'RL-3', 'RL-6'],
};

export const OPERATIONS: OperationSpec[] = [
  {
    operation: 'order-status',
    method: 'post',
    path: '/api/v1/sales/{salesId}/update-order-status',
    operationId: 'updateOrderStatus',
    summary: 'Update Order Status',
    section: '4.1',
    purpose: 'Change the order status of an existing sales voucher in a branch. Only the order status changes; all other voucher data stays unchanged.',
    parameters: [
      { name: 'salesId', in: 'path', description: 'id of the sales voucher' },
      { name: 'branch_id', in: 'query', description: 'branch in which the voucher exists' },
    ],
    requestBody: 'OrderStatusRequest',
    responses: {
      '200': {
        text: 'Success: "envelope with status true, a message saying the order status was updated, code as string of 200, response null".',
        schema: 'OrderStatusSuccess',
        ids: ['OS-5', 'ST-1', 'OS-3', 'OS-6', 'OS-7', ...COMMON_200],
      },
      '400': {
        text: 'Validation error: "A missing required field, an invalid value, or an unaccepted orderStatus yields a validation error (status 400)."',
        schema: 'ErrorEnvelope',
        ids: ['OS-1b', 'OS-2', 'OS-2b', 'OS-2c', 'OS-2d', 'OS-2e', 'OS-2f', 'OS-2g', 'OS-3', 'OS-4', 'ENV-4', 'ENV-7'],
      },
      '403': AUTH_403,
      '4XX': { text: '"The voucher must exist in the given branch." (4.1 rule 1); a wrong Content-Type.', schema: 'ErrorEnvelope', ids: ['OS-1', 'ENV-7'] },
      '5XX': { text: 'Not among the failures of section 7: never expected.', ids: ['ENV-6'] },
    },
  },
  {
    operation: 'customer-create',
    method: 'post',
    path: '/api/v1/customer/create',
    operationId: 'contactSave',
    summary: 'contactSave (create customer)',
    section: '4.2',
    purpose:
      'Create a customer contact with its addresses. "which individual body fields are required: not shown": the schema lists every field this kit sends.',
    parameters: [{ name: 'branch_id', in: 'query', description: 'branch in which the customer is created; must be valid' }],
    requestBody: 'Customer',
    responses: {
      '200': {
        text: 'Success: "response an object with contactId (integer, id of the created contact)".',
        schema: 'CustomerCreated',
        ids: ['CU-1', 'CU-2', 'CU-3', 'CU-7', 'CU-8', 'CU-9', 'CU-10', 'CU-11', 'CU-12', 'CU-13', 'CU-14', 'CU-15', 'CU-17', 'CU-18', 'CU-12b', ...COMMON_200],
      },
      '400': {
        text: 'Validation error / valid branch id (spec 7).',
        schema: 'ErrorEnvelope',
        ids: ['CU-4', 'CU-4b', 'CU-5', 'CU-6', 'CU-12', 'CU-13', 'CU-14', 'CU-16', 'CU-17', 'ENV-4', 'ENV-7', 'CU-12b'],
      },
      '403': AUTH_403,
      '429': RATE_429,
      '5XX': { text: 'Not among the failures of section 7: never expected, under load neither.', ids: ['ENV-6', 'RL-5'] },
    },
  },
  {
    operation: 'report',
    method: 'post',
    path: '/api/v1/report/consumption-production-report',
    operationId: 'consumptionProductionReport',
    summary: 'Consumption Production Report',
    section: '4.3',
    purpose:
      'Return consumption and production transactions produced by Recipe (BOM) and Material Creation processes between two dates, for one or more branches.',
    parameters: [],
    requestBody: 'ReportRequest',
    responses: {
      '200': {
        text: 'Success: "response object: totalCount | integer; items | array" of 2.5 transactions.',
        schema: 'ReportSuccess',
        ids: [
          'RP-1',
          'RP-2',
          'RP-3',
          'RP-3b',
          'RP-4',
          'RP-5',
          'RP-6',
          'RP-7',
          'RP-8',
          'RP-9',
          'RP-9b',
          'RP-10',
          'RP-11',
          'RP-13',
          'RP-14',
          'RP-15',
          'RP-16',
          'RP-17',
          'RP-18',
          'RP-19',
          'RP-19b',
          'RP-19c',
          'RP-20',
          'RP-21',
          'RP-22',
          'RP-23',
          'RP-24',
          'RP-25',
          ...COMMON_200,
        ],
      },
      '403': AUTH_403,
      '429': RATE_429,
      '4XX': {
        text: 'Not listed for the report ("Failures: 403, 429"); implied by the required fields; a limit or filter the target does not take.',
        schema: 'ErrorEnvelope',
        ids: ['RP-12', 'RP-16', 'RP-19', 'RP-20', 'ENV-4'],
      },
      '5XX': { text: 'Not among the failures of section 7: never expected, under load neither.', ids: ['ENV-6', 'RL-5'] },
    },
  },
];

/** The component schemas, from the contract's zod schemas. */
function componentSchemas(): Record<string, Record<string, unknown>> {
  const registry = z.registry<{ id: string; description?: string }>();
  registry.add(s.envelope, { id: 'Envelope', description: 'Spec 2.1 response envelope (all operations).' });
  registry.add(s.envelope.extend({ status: z.literal(false) }), {
    id: 'ErrorEnvelope',
    description:
      '"The body shape of error responses: not shown." (spec 7): any shape (ENV-8 records it); ENV-4 (SHOULD) holds an error that carries the 2.1 envelope to status false and code the HTTP status.',
  });
  registry.add(s.orderStatusRequest, { id: 'OrderStatusRequest', description: 'Spec 4.1 request body.' });
  registry.add(s.orderStatusSuccess, { id: 'OrderStatusSuccess', description: 'Spec 4.1 success.' });
  registry.add(s.address, { id: 'Address', description: 'Spec 2.4 address object (element of contactAddressDTO).' });
  registry.add(s.customer, { id: 'Customer', description: 'Spec 2.3 customer contact (request body of customer creation).' });
  registry.add(s.customerCreated, { id: 'CustomerCreated', description: 'Spec 4.2 success.' });
  registry.add(s.reportRequest, { id: 'ReportRequest', description: 'Spec 4.3 request body.' });
  registry.add(s.reportItem, { id: 'ReportItem', description: 'Spec 2.5 consumption/production transaction (element of response.items).' });
  const page = s.reportPage.extend({ items: z.array(s.reportItem) });
  registry.add(s.reportSuccess.extend({ response: page }), { id: 'ReportSuccess', description: 'Spec 4.3 success.' });
  const out = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: 'input', unrepresentable: 'any' }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  // In OpenAPI a component is addressed by its place: no $id (a fragment is no valid $id) and no $schema.
  return Object.fromEntries(Object.entries(out.schemas).map(([id, { $id: _id, $schema: _schema, ...rest }]) => [id, rest]));
}

const line = (id: string) => {
  const r = requirement(id);
  return `- **${r.id}** [${r.level}] ${r.title}${r.notTested ? ' (not tested automatically)' : ''}`;
};

function operationObject(o: OperationSpec): Record<string, unknown> {
  const applying = requirements.filter((r) => r.operations.includes(o.operation));
  const responses = Object.fromEntries(
    Object.entries(o.responses).map(([code, r]) => [
      code,
      {
        description: `${r.text}\n\nRequirements:\n${r.ids.map(line).join('\n')}`,
        ...(r.schema ? { content: { 'application/json': { schema: { $ref: `#/components/schemas/${r.schema}` } } } } : {}),
      },
    ]),
  );
  return {
    operationId: o.operationId,
    summary: o.summary,
    description: `Spec ${o.section}. ${o.purpose}\n\nRequirements of erp-conformance that apply (\`erp-conformance requirements\`):\n${applying.map((r) => line(r.id)).join('\n')}`,
    tags: [`spec ${o.section}`],
    parameters: o.parameters.map((p) => ({ name: p.name, in: p.in, required: true, description: p.description, schema: { type: 'integer' } })),
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${o.requestBody}` } } } },
    responses,
  };
}

/** The document; with `operations` (config operations) also every configured operation of the index as the target declares it. */
export function openApiDocument(version: string, operations?: Partial<Record<string, OperationConfig>>): Record<string, unknown> {
  const index = configuredPaths(operations);
  const spec: Record<string, Record<string, unknown>> = Object.fromEntries(OPERATIONS.map((o) => [o.path, { [o.method]: operationObject(o) }]));
  // A configured operation at a path of section 4 (another method) joins its path item.
  const paths = { ...index, ...Object.fromEntries(Object.entries(spec).map(([p, item]) => [p, { ...(index[p] ?? {}), ...item }])) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'ERP Open Interface: order status, customer creation, consumption/production report',
      version: 'v1',
      description: `The three operations of the ERP Open Interface detailed in its spec (sections 4.1-4.3), generated by erp-conformance ${version} from its zod contract. Requirement ids (OS-3 = section 4.1 rule 3) refer to \`erp-conformance requirements\`.`,
    },
    servers: [
      {
        url: '{base_url}',
        variables: { base_url: { default: 'http://127.0.0.1:8080', description: '{base_url} of the spec: "Paths are relative to {base_url}."' } },
      },
    ],
    security: [{ apiToken: [] }],
    tags: [
      ...OPERATIONS.map((o) => ({ name: `spec ${o.section}`, description: o.summary })),
      ...(Object.keys(index).length
        ? [{ name: 'index (section 1)', description: "The index's other operations as the target declares them (config operations)" }]
        : []),
    ],
    paths,
    components: {
      securitySchemes: {
        apiToken: {
          type: 'apiKey',
          in: 'header',
          name: 'api-token',
          description: '"Every operation requires the header api-token, a token provided by the service operator." (spec 5 rule 1)',
        },
      },
      schemas: componentSchemas(),
    },
  };
}

import {
  type Answers,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  type FormField,
  type WeekSeparationConfig,
} from '@funkis/shared';
import { sql } from 'kysely';
import { dialectOf } from '../db/dialect.js';
import type { Db } from '../db/types.js';
import { boundTo, inTransaction, type ServerContext } from '../lib/context.js';
import { hashPassword } from '../lib/passwords.js';
import { createAccount } from '../modules/account/service.js';
import { applicationsService, type Reviewer } from '../modules/applications/service.js';
import { eventsService } from '../modules/events/service.js';
import { formsService } from '../modules/forms/service.js';
import { groupsService } from '../modules/groups/service.js';
import { membershipsService } from '../modules/memberships/service.js';

export const DEMO_PASSWORD = 'funkis-demo';
/** The PostgreSQL advisory lock key of seeding (any constant of our own). */
const SEED_LOCK = 7_324_001;
export const DEMO_ACCOUNTS = {
  admin: 'admin@funkis.local',
  leader: 'leader@funkis.local',
  volunteer: 'volunteer@funkis.local',
} as const;

interface Logger {
  info(object: object | string, message?: string): void;
}

const FIRST_NAMES = ['Anna', 'Erik', 'Åsa', 'Lars', 'Émile', 'Karin', 'Oskar', 'Maja', 'Björn', 'Elin', 'Nils', 'Saga'];
const LAST_NAMES = ['Berg', 'Lindqvist', 'Öberg', 'Holm', 'Ström', 'Ek', 'Sjöberg', 'Nyström', 'Dahl', 'Ækre'];

const CAMP_WEEKS: WeekSeparationConfig = {
  formFieldName: 'form-field-custom-15',
  filterLabel: 'Week',
  columnLabel: 'Week',
  options: [
    { value: 'womens-week', label: "Women's week" },
    { value: 'mens-week', label: "Men's week" },
  ],
};

const FESTIVAL_WEEKS: WeekSeparationConfig = {
  formFieldName: 'checkbox-test',
  filterLabel: 'Festival week',
  columnLabel: 'Week',
  options: [
    { value: 'week-1', label: 'Week 1' },
    { value: 'week-2', label: 'Week 2' },
  ],
};

const commonFields = (start: number): FormField[] => [
  { name: `form-field-custom-${start}`, type: 'heading', label: 'About you', required: false },
  { name: `form-field-custom-${start + 1}`, type: 'phone', label: 'Phone number', required: true },
  {
    name: `form-field-custom-${start + 2}`,
    type: 'select',
    label: 'T-shirt size',
    required: true,
    options: ['S', 'M', 'L', 'XL'].map((size) => ({ value: size.toLowerCase(), label: size })),
  },
  {
    name: `form-field-custom-${start + 3}`,
    type: 'textarea',
    label: 'Why do you want to help?',
    description: 'A few sentences are enough.',
    required: false,
  },
];

interface DemoEvent {
  id: number;
  name: string;
  description: string;
  status: 'ongoing' | 'completed';
  applicationsOpen: boolean;
  weeks: WeekSeparationConfig | null;
  groups: string[];
  fields: FormField[];
}

const DEMO_EVENTS: DemoEvent[] = [
  {
    id: 1,
    name: 'Demo Festival',
    description: 'A three-day music festival with two build weeks.',
    status: 'ongoing',
    applicationsOpen: true,
    weeks: FESTIVAL_WEEKS,
    groups: ['Stage crew', 'Bar', 'Security'],
    fields: [
      ...commonFields(1),
      {
        name: 'checkbox-test',
        type: 'checkboxes',
        label: 'Which weeks can you work?',
        required: true,
        options: FESTIVAL_WEEKS.options,
      },
    ],
  },
  {
    id: 2,
    name: 'Club Fair',
    description: "The club's yearly fair.",
    status: 'ongoing',
    applicationsOpen: true,
    weeks: null,
    groups: ['Stalls', 'Kitchen'],
    fields: commonFields(1),
  },
  {
    id: 3,
    name: 'Winter Cup 2025',
    description: 'Last winter’s cup.',
    status: 'completed',
    applicationsOpen: false,
    weeks: null,
    groups: ['Arena'],
    fields: commonFields(1),
  },
  {
    id: 13,
    name: 'Sports Camp',
    description: "A summer camp with a women's week and a men's week.",
    status: 'ongoing',
    applicationsOpen: true,
    weeks: CAMP_WEEKS,
    groups: ['Coaches', 'Kitchen', 'Medical'],
    fields: [
      ...commonFields(1),
      {
        name: 'form-field-custom-15',
        type: 'radio',
        label: 'Which week?',
        required: true,
        options: CAMP_WEEKS.options,
      },
    ],
  },
];

function demoAnswers(event: DemoEvent, index: number): Answers {
  const answers: Answers = {
    'form-field-custom-2': `+46 70 ${String(1000000 + index).slice(1)}`,
    'form-field-custom-3': ['s', 'm', 'l', 'xl'][index % 4],
    'form-field-custom-4': index % 3 === 0 ? 'I helped last year and loved it.' : '',
  };
  if (event.weeks?.formFieldName === 'checkbox-test') {
    answers['checkbox-test'] = index % 3 === 2 ? ['week-1', 'week-2'] : [index % 2 === 0 ? 'week-1' : 'week-2'];
  } else if (event.weeks) {
    answers[event.weeks.formFieldName] = event.weeks.options[index % event.weeks.options.length].value;
  }
  return answers;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * The demo data: an admin, a group leader, a volunteer, applicants, and the spec's events 1 and 13. Made through
 * the modules' services in one transaction, as a person using the app would make it: every computed column
 * (week, search text, memberships of accepted applicants) is the services' own, and the audit log tells the story.
 */
export async function seed(context: ServerContext, log: Logger): Promise<void> {
  const { db } = context;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await inTransaction(context, async (tx) => {
    const events = eventsService(tx);
    const groups = groupsService(tx);
    const members = membershipsService(tx);
    const applications = applicationsService(tx);
    const createUser = async (email: string, firstname: string, lastname: string) =>
      (await createAccount(tx.db, { email, firstname, lastname, passwordHash, emailConfirmed: true })).id;

    const adminId = await createUser(DEMO_ACCOUNTS.admin, 'Ada', 'Admin');
    const leaderId = await createUser(DEMO_ACCOUNTS.leader, 'Leo', 'Leader');
    const volunteerId = await createUser(DEMO_ACCOUNTS.volunteer, 'Vera', 'Volunteer');
    const applicantIds: number[] = [];
    for (let index = 0; index < 36; index++) {
      const firstname = FIRST_NAMES[index % FIRST_NAMES.length] as string;
      const lastname = LAST_NAMES[(index * 7) % LAST_NAMES.length] as string;
      applicantIds.push(await createUser(`applicant${index + 1}@funkis.local`, firstname, lastname));
    }

    for (const event of DEMO_EVENTS) {
      await events.createEvent(adminId, { name: event.name, description: event.description }, { id: event.id });
      await formsService(tx).importForm(event.id, adminId, event.fields);
      const groupIds: number[] = [];
      for (const name of event.groups) groupIds.push((await groups.create(event.id, adminId, { name })).id);
      if (event.weeks) {
        await events.updateSettings(event.id, adminId, { useWeekSeparation: true, weekSeparationConfig: event.weeks });
      }
      await members.addUser(event.id, adminId, { userId: leaderId, roleLevel: 1, groupId: groupIds[0] ?? null });
      await members.addUser(event.id, adminId, { userId: volunteerId, roleLevel: 2, groupId: groupIds[0] ?? null });

      // Applicants in every status, spread over the groups and the last 36 hours; accepted ones become members.
      const labels = Object.fromEntries(event.fields.map((field) => [field.name, field.label]));
      const changes = new Map<string, number[]>();
      for (const [index, userId] of applicantIds.entries()) {
        const createdAt = new Date(Date.now() - (applicantIds.length - index) * 3600_000).toISOString();
        const id = await applications.importApplication(event.id, userId, demoAnswers(event, index), {
          createdAt,
          labels,
        });
        const status = APPLICATION_STATUSES[index % APPLICATION_STATUSES.length] as ApplicationStatus;
        const groupId = index % 4 === 3 ? null : (groupIds[index % groupIds.length] ?? null);
        const key = JSON.stringify([status, groupId]);
        changes.set(key, [...(changes.get(key) ?? []), id]);
      }
      const reviewer: Reviewer = { userId: adminId, eventId: event.id, roleLevel: 0, groupId: null };
      for (const [key, ids] of changes) {
        const [status, groupId] = JSON.parse(key) as [ApplicationStatus, number | null];
        await applications.bulkUpdate(reviewer, { ids, status, groupId });
      }

      if (event.applicationsOpen) await events.setApplicationsOpen(event.id, adminId, true);
      if (event.status !== 'ongoing') await events.updateSettings(event.id, adminId, { status: event.status });
    }
  });
  if (dialectOf(db) === 'postgres') {
    // Explicit ids leave the serial sequence behind; move it past them.
    await sql`select setval(pg_get_serial_sequence('events', 'id'), (select max(id) from events))`.execute(db);
  }
  log.info(
    { accounts: Object.values(DEMO_ACCOUNTS), password: DEMO_PASSWORD },
    `Seeded demo data. Log in as ${DEMO_ACCOUNTS.admin} with the password ${DEMO_PASSWORD}`,
  );
}

/**
 * Seeds when the database has no user yet. Servers starting at once on one PostgreSQL take turns on an advisory
 * lock and look again inside it, so the demo data is made once.
 */
export async function seedIfEmpty(context: ServerContext, log: Logger): Promise<boolean> {
  const { db } = context;
  if (!(await isEmpty(db))) return false;
  if (dialectOf(db) !== 'postgres') {
    await seed(context, log);
    return true;
  }
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(connection);
    try {
      if (!(await isEmpty(connection))) return false;
      await seed(boundTo(context, connection), log);
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(connection);
    }
  });
}

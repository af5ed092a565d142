import {
  type Answers,
  APPLICATION_STATUSES,
  type FormField,
  type WeekSeparationConfig,
  weekOfAnswers,
} from '@funkis/shared';
import { sql } from 'kysely';
import { hashPassword } from '../lib/passwords.js';
import { nowIso } from '../lib/time.js';
import type { Db, DialectName } from './types.js';

export const DEMO_PASSWORD = 'funkis-demo';
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

/** The demo data: an admin, a group leader, a volunteer, applicants, and the spec's events 1 and 13. */
export async function seed(db: Db, dialect: DialectName, log: Logger): Promise<void> {
  const now = nowIso();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const insertUser = (email: string, firstname: string, lastname: string) =>
      trx
        .insertInto('users')
        .values({ email, firstname, lastname, password_hash: passwordHash, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);

    const adminId = await insertUser(DEMO_ACCOUNTS.admin, 'Ada', 'Admin');
    const leaderId = await insertUser(DEMO_ACCOUNTS.leader, 'Leo', 'Leader');
    const volunteerId = await insertUser(DEMO_ACCOUNTS.volunteer, 'Vera', 'Volunteer');
    const applicantIds: number[] = [];
    for (let index = 0; index < 36; index++) {
      const firstname = FIRST_NAMES[index % FIRST_NAMES.length];
      const lastname = LAST_NAMES[(index * 7) % LAST_NAMES.length];
      applicantIds.push(await insertUser(`applicant${index + 1}@funkis.local`, firstname, lastname));
    }

    for (const event of DEMO_EVENTS) {
      await trx
        .insertInto('events')
        .values({
          id: event.id,
          name: event.name,
          description: event.description,
          status: event.status,
          applications_open: event.applicationsOpen ? 1 : 0,
          use_week_separation: event.weeks ? 1 : 0,
          week_separation_config: event.weeks ? JSON.stringify(event.weeks) : null,
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
      const groupIds: number[] = [];
      for (const name of event.groups) {
        const group = await trx
          .insertInto('event_groups')
          .values({ event_id: event.id, name, description: '', created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        groupIds.push(group.id);
      }
      await trx
        .insertInto('event_forms')
        .values({ event_id: event.id, fields: JSON.stringify(event.fields), updated_at: now })
        .execute();
      const member = (userId: number, roleLevel: number, groupId: number | null, viaApplication = 0) =>
        trx
          .insertInto('event_users')
          .values({
            event_id: event.id,
            user_id: userId,
            role_level: roleLevel,
            group_id: groupId,
            via_application: viaApplication,
            created_at: now,
            updated_at: now,
          })
          .execute();
      await member(adminId, 0, null);
      await member(leaderId, 1, groupIds[0]);
      await member(volunteerId, 2, groupIds[0]);

      // Applicants in every status, spread over the groups; accepted ones are members (DESIGN 4.3).
      for (const [index, userId] of applicantIds.entries()) {
        const status = APPLICATION_STATUSES[index % APPLICATION_STATUSES.length];
        const groupId = index % 4 === 3 ? null : groupIds[index % groupIds.length];
        const answers = demoAnswers(event, index);
        const labels = Object.fromEntries(event.fields.map((field) => [field.name, field.label]));
        const created = new Date(Date.now() - (applicantIds.length - index) * 3600_000).toISOString();
        await trx
          .insertInto('applications')
          .values({
            event_id: event.id,
            user_id: userId,
            answers: JSON.stringify(answers),
            answer_labels: JSON.stringify(labels),
            status,
            group_id: groupId,
            week: weekOfAnswers(answers, event.weeks),
            search_text:
              `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[(index * 7) % LAST_NAMES.length]} applicant${index + 1}@funkis.local ${Object.values(answers).flat().join(' ')}`.toLowerCase(),
            created_at: created,
            updated_at: created,
          })
          .execute();
        if (status === 'accepted') await member(userId, 2, groupId, 1);
      }
    }
  });
  if (dialect === 'postgres') {
    // Explicit ids leave the serial sequence behind; move it past them.
    await sql`select setval(pg_get_serial_sequence('events', 'id'), (select max(id) from events))`.execute(db);
  }
  log.info(
    { accounts: Object.values(DEMO_ACCOUNTS), password: DEMO_PASSWORD },
    `Seeded demo data. Log in as ${DEMO_ACCOUNTS.admin} with the password ${DEMO_PASSWORD}`,
  );
}

export async function seedIfEmpty(db: Db, dialect: DialectName, log: Logger): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seed(db, dialect, log);
  return true;
}

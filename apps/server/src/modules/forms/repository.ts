import type { Db } from '../../db/types.js';

/** Every SQL statement of the forms module: the builder's form, the apply page and the apply call. */
export function formsRepository(db: Db) {
  return {
    findEvent: (eventId: number) =>
      db
        .selectFrom('events')
        .select([
          'id',
          'name',
          'description',
          'avatar',
          'applications_open',
          'use_week_separation',
          'week_separation_config',
        ])
        .where('id', '=', eventId)
        .executeTakeFirst(),

    findForm: (eventId: number) =>
      db
        .selectFrom('event_forms')
        .select(['fields', 'updated_at', 'last_field_number'])
        .where('event_id', '=', eventId)
        .executeTakeFirst(),

    /**
     * Replaces the fields if the saved form is still the one read (`previousUpdatedAt`); false when someone
     * saved in between. A form row is created for an event that has none.
     */
    async saveForm(
      eventId: number,
      values: { fields: string; lastFieldNumber: number; updatedAt: string },
      previousUpdatedAt: string | null,
    ): Promise<boolean> {
      if (previousUpdatedAt === null) {
        const inserted = await db
          .insertInto('event_forms')
          .values({
            event_id: eventId,
            fields: values.fields,
            last_field_number: values.lastFieldNumber,
            updated_at: values.updatedAt,
          })
          .onConflict((conflict) => conflict.column('event_id').doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
      }
      const updated = await db
        .updateTable('event_forms')
        .set({ fields: values.fields, last_field_number: values.lastFieldNumber, updated_at: values.updatedAt })
        .where('event_id', '=', eventId)
        .where('updated_at', '=', previousUpdatedAt)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    findApplicationOf: (eventId: number, userId: number) =>
      db
        .selectFrom('applications')
        .select(['id', 'status', 'created_at'])
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    insertApplication: (values: {
      eventId: number;
      userId: number;
      answers: string;
      answerLabels: string;
      week: string | null;
      searchText: string;
      createdAt: string;
    }) =>
      db
        .insertInto('applications')
        .values({
          event_id: values.eventId,
          user_id: values.userId,
          answers: values.answers,
          answer_labels: values.answerLabels,
          status: 'pending',
          group_id: null,
          week: values.week,
          search_text: values.searchText,
          created_at: values.createdAt,
          updated_at: values.createdAt,
        })
        .returning(['id', 'status', 'created_at'])
        .executeTakeFirstOrThrow(),

    /** One application of the event, never of another: the id alone is not enough. */
    findApplication: (eventId: number, applicationId: number) =>
      db
        .selectFrom('applications')
        .select(['id', 'group_id', 'answers', 'answer_labels'])
        .where('event_id', '=', eventId)
        .where('id', '=', applicationId)
        .executeTakeFirst(),
  };
}

export type FormsRepository = ReturnType<typeof formsRepository>;

/**
 * Every validation and error text a user reads, defined once. Schemas carry the key; the server answers
 * with the English text, the web app translates the key (locales/<lng>/translation.json has the same keys).
 */
import { MAIL_MESSAGES } from './mail-messages.js';

const englishOf = <T extends Record<string, { en: string }>>(entries: T) =>
  Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, value.en])) as { [K in keyof T]: T[K]['en'] };

export const messages = {
  ...englishOf(MAIL_MESSAGES),
  'error.emailInvalid': 'The email address is invalid.',
  'error.emailRequired': 'Email address is required.',
  'error.emailTooLong': 'Email address cannot be longer than 255 characters.',
  'error.firstnameInvalid': 'First name is invalid.',
  'error.firstnameRequired': 'First name is required.',
  'error.lastnameInvalid': 'Last name is invalid.',
  'error.lastnameRequired': 'Last name is required.',
  'error.nameTooLong': 'Name cannot be longer than 40 characters.',
  'error.passwordRequired': 'Password is required.',
  'error.passwordTooShort': 'Password must be at least {min} characters long.',
  'error.passwordTooLong': 'Password cannot be longer than {max} characters.',
  'error.passwordConfirmationRequired': 'Password confirmation is required.',
  'error.passwordsDoNotMatch': 'Passwords do not match.',
  'error.mustBeChecked': 'This field must be checked.',
  'error.eventNameTooShort': 'Event name must be at least {length} characters long.',
  'error.eventNameTooLong': 'Event name must be less than {length} characters long.',
  'error.removeConfirm': 'Type REMOVE to confirm.',
  'error.invalidCredentials': 'Invalid email or password.',
  'error.emailTaken': 'An account with this email address already exists.',
  'error.wrongPassword': 'The password is incorrect.',
  'error.tokenInvalid': 'The link is invalid or has expired.',
  'error.avatarType': 'Only PNG, JPEG, GIF or WebP images can be used as an avatar.',
  'error.avatarTooLarge': 'The image cannot be larger than 5 MB.',
  'error.soleAdmin': 'You are the only admin of an event that has other members. Make someone else admin first.',
  'error.notLoggedIn': 'You must be logged in.',
  'error.forbidden': 'You do not have access to this page.',
  'error.csrf': 'Invalid or missing CSRF token.',
  'error.notFound': 'Not found.',
  'error.tooManyRequests': 'Too many requests. Try again later.',
  'error.badRequest': 'The request is invalid.',
  'error.payloadTooLarge': 'The upload is too large.',
  'error.internal': 'Something went wrong',
  'error.required': 'This field is required.',
  'error.invalid': 'This value is invalid.',
  // Events, groups and members (issue 4)
  'error.lastAdmin': 'An event must keep at least one admin. Make someone else admin first.',
  'error.accountNotFound': 'No account uses this email address. Ask the person to register first.',
  'error.alreadyMember': 'This person is already a member of the event.',
  'error.memberNotFound': 'This person is not a member of the event.',
  'error.groupNotFound': 'This group does not exist in the event.',
  'error.groupNameRequired': 'Group name is required.',
  'error.groupNameTooLong': 'Group name cannot be longer than {length} characters.',
  'error.groupNameTaken': 'The event already has a group with this name.',
  'error.descriptionTooLong': 'The description cannot be longer than {length} characters.',
  'error.ownGroupOnly': 'Group leaders can only see their own group.',
  'error.weekConfigRequired': 'Week separation needs its settings: a form field, labels and at least one option.',
  'error.weekFieldNotInForm':
    'Week separation must read a select, radio or checkboxes question of the application form.',
  'error.endsBeforeStarts': 'The end date cannot be before the start date.',
  'error.imageType': 'Only PNG, JPEG, GIF or WebP images can be used.',
  'error.imageTooLarge': 'The image cannot be larger than 5 MB.',
} as const;

export type MessageKey = keyof typeof messages;

export const MESSAGE_PARAMS: Partial<Record<MessageKey, Record<string, number>>> = {
  'error.passwordTooShort': { min: 7 },
  'error.passwordTooLong': { max: 255 },
  'error.eventNameTooShort': { length: 3 },
  'error.eventNameTooLong': { length: 255 },
  'error.groupNameTooLong': { length: 100 },
  'error.descriptionTooLong': { length: 5000 },
};

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}

/** English text for a key (with its fixed parameters filled in); other strings are returned as they are. */
export function messageText(keyOrText: string, params?: Record<string, string | number>): string {
  if (!isMessageKey(keyOrText)) return keyOrText;
  const values = { ...MESSAGE_PARAMS[keyOrText], ...params };
  return messages[keyOrText].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

import { defineMessages } from './define.js';

/** The event feed: posts, comments, links. */
export const feedMessages = defineMessages({
  'feed.postRequired': {
    en: 'Write something before posting.',
    sv: 'Skriv något innan du publicerar.',
  },
  'feed.postTooLong': {
    en: 'A post cannot be longer than {max} characters.',
    sv: 'Ett inlägg får inte vara längre än {max} tecken.',
    params: { max: 5000 },
  },
  'feed.commentRequired': {
    en: 'Write something before commenting.',
    sv: 'Skriv något innan du kommenterar.',
  },
  'feed.commentTooLong': {
    en: 'A comment cannot be longer than {max} characters.',
    sv: 'En kommentar får inte vara längre än {max} tecken.',
    params: { max: 2000 },
  },
  'feed.postNotFound': {
    en: 'This post does not exist or was removed.',
    sv: 'Inlägget finns inte eller har tagits bort.',
  },
  'feed.commentNotFound': {
    en: 'This comment does not exist or was removed.',
    sv: 'Kommentaren finns inte eller har tagits bort.',
  },
  'feed.notAuthor': {
    en: 'Only the author can edit this.',
    sv: 'Bara författaren kan redigera detta.',
  },
  'feed.pinnedLimit': {
    en: 'At most {max} posts can be pinned. Unpin one first.',
    sv: 'Högst {max} inlägg kan vara fästa. Lossa ett först.',
  },
  'feed.audienceOwnGroup': {
    en: 'Group leaders can address a post to their own group only.',
    sv: 'Gruppledare kan bara rikta ett inlägg till sin egen grupp.',
  },
  'feed.linkTitleRequired': {
    en: 'The link needs a title.',
    sv: 'Länken behöver en titel.',
  },
  'feed.linkTitleTooLong': {
    en: 'A link title cannot be longer than {max} characters.',
    sv: 'En länktitel får inte vara längre än {max} tecken.',
    params: { max: 200 },
  },
  'feed.linkUrlInvalid': {
    en: 'Enter a web address starting with http:// or https://.',
    sv: 'Ange en webbadress som börjar med http:// eller https://.',
  },
  'feed.linkUrlTooLong': {
    en: 'A web address cannot be longer than {max} characters.',
    sv: 'En webbadress får inte vara längre än {max} tecken.',
    params: { max: 2000 },
  },
  'feed.linkNotFound': {
    en: 'This link does not exist or was removed.',
    sv: 'Länken finns inte eller har tagits bort.',
  },
});

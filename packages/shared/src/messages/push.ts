import { defineMessages } from './define.js';

/** Web push: subscribing a device. */
export const pushMessages = defineMessages({
  'push.endpointInvalid': {
    en: 'The push address must be an https address of at most {max} characters.',
    sv: 'Push-adressen måste vara en https-adress på högst {max} tecken.',
    params: { max: 2000 },
  },
  'push.keyInvalid': {
    en: 'The device’s push keys are not valid.',
    sv: 'Enhetens push-nycklar är inte giltiga.',
  },
  'push.subscriptionNotFound': {
    en: 'This device is not subscribed to push messages.',
    sv: 'Den här enheten tar inte emot push-meddelanden.',
  },
});

// The contact form's texts, shared by the server action, the API and the form (client-safe).

/** The confirmation a sender sees once their message is stored. */
export const CONTACT_SENT =
  "Thank you. Your message has been sent and will be read by our team. We reply by email to the address you gave.";

import { STATEMENT_MAX, STATEMENT_MIN } from "@/lib/validation/application";

// The guides of /resources, one page each (/resources/{slug}, prerendered). General
// guidance only: no statistics, fees or processing times, which differ by country and change; each
// guide sends the reader to the official source for those. Plain data, so that pages, the sitemap
// and the tests read the same list.

export type GuideBlock =
  | { type: "paragraph"; text: string }
  | { type: "list"; items: string[] }
  | { type: "steps"; items: string[] };

export interface GuideSection {
  heading: string;
  blocks: GuideBlock[];
}

export interface Guide {
  slug: string;
  title: string;
  /** The page's meta description and the card text on /resources (one or two sentences). */
  description: string;
  sections: GuideSection[];
  /** Where to go next on this site. */
  next: { href: string; label: string }[];
}

const p = (text: string): GuideBlock => ({ type: "paragraph", text });
const list = (...items: string[]): GuideBlock => ({ type: "list", items });
const steps = (...items: string[]): GuideBlock => ({ type: "steps", items });

const SEARCH = { href: "/universities/search", label: "Search universities" };

export const GUIDES: readonly Guide[] = [
  {
    slug: "choosing-a-program",
    title: "Choosing a program",
    description:
      "How to decide what and where to study abroad: your goals, the level and field, the university, the country, and the questions to ask before you apply.",
    sections: [
      {
        heading: "Start with what you want the degree to do",
        blocks: [
          p(
            "A program is several years of your life and a large expense, so begin with the outcome rather than the university's name. Write down, in a sentence or two, what you hope to be doing after you graduate: a particular job, a profession that needs a recognised qualification, research, or simply a broad education before deciding.",
          ),
          p(
            "If you are unsure, that is normal. Choose a program that keeps options open (a broad first degree, or one with flexible electives) over one that commits you to a narrow path you have not tried.",
          ),
        ],
      },
      {
        heading: "Pick the level and the field",
        blocks: [
          list(
            "Bachelor's programs are first degrees. They usually take three to four years, depending on the country and the subject.",
            "Master's programs build on a first degree, often in the same or a related field, and are usually one to two years long.",
            "PhD programs are research degrees. You will be judged mostly on a research proposal, your academic record and the fit with a supervisor.",
          ),
          p(
            "Within a field, compare the modules or courses each program actually teaches. Two programs with the same title can differ a lot: one may be theoretical, another practical, another built around a work placement.",
          ),
        ],
      },
      {
        heading: "If the degree leads to a regulated profession",
        blocks: [
          p(
            "Medicine, nursing, law, teaching, architecture, engineering, psychology and several other professions are regulated: to work in them you need a qualification that the professional body of the country where you want to work recognises. A degree from one country does not automatically qualify you in another.",
          ),
          p(
            "Before applying, check with the professional or licensing body of the country where you intend to work whether they recognise the program, and what extra exams or supervised practice they would require.",
          ),
        ],
      },
      {
        heading: "Compare universities on what matters to you",
        blocks: [
          list(
            "Teaching: class sizes, contact hours, how you are assessed, and who teaches (professors or assistants).",
            "Outcomes: what graduates of this program go on to do. Many universities publish this; ask the department if they do not.",
            "Support: help for international students with housing, visas, language and careers.",
            "Cost: tuition per year multiplied by the length of the program, plus living costs in that city (see the visas and costs guide).",
            "Location: the city's cost of living, climate, language, and how far it is from home.",
          ),
          p(
            "Rankings can be a starting point, but each ranking measures different things with its own method, and few of them measure the teaching of a particular program. Use them to build a list, not to make the final choice.",
          ),
        ],
      },
      {
        heading: "Check that the institution and the degree are recognised",
        blocks: [
          p(
            "Make sure the university is officially recognised or accredited in its own country (usually by the ministry of education or a national quality agency), and that the degree will be recognised where you plan to live and work. Your own country's ministry of education or its credential-recognition office can tell you how a foreign degree is treated.",
          ),
        ],
      },
      {
        heading: "Questions to ask before you apply",
        blocks: [
          list(
            "Do I meet the entry requirements: the qualifications, grades, subjects and language level?",
            "What exactly does the application need, and by which date? (See the application checklist.)",
            "What will the whole program cost, and how will I pay for every year of it?",
            "Can I study in this country with my nationality, and what visa would I need?",
            "Are there scholarships, and when do their applications close? They often close before the program's own deadline.",
          ),
          p(
            "Information on this site is a starting point: programs, fees and deadlines change. Confirm them on the university's official website before you apply.",
          ),
        ],
      },
    ],
    next: [SEARCH, { href: "/resources/application-checklist", label: "The application checklist" }],
  },
  {
    slug: "personal-statement",
    title: "Writing a personal statement",
    description:
      "How to plan, write and check a personal statement: what admissions readers look for, a structure that works, and the mistakes to avoid.",
    sections: [
      {
        heading: "What the statement is for",
        blocks: [
          p(
            "A personal statement (also called a statement of purpose or motivation letter) tells the people who decide on your application why you want to study this subject, why you are ready for it, and what you will bring. Your grades show what you have achieved; the statement shows how you think and what drives you.",
          ),
          p(
            "Read the program's instructions first. Some universities ask specific questions, set a word or character limit, or want particular topics covered, and some application systems have their own format. Answer what is asked.",
          ),
        ],
      },
      {
        heading: "Before you write: collect material",
        blocks: [
          list(
            "Why this subject: the moment, book, project, problem or person that made you want to study it.",
            "What you have done about it: courses, projects, reading, work, volunteering, competitions, research.",
            "What you learned from those experiences, not only what you did.",
            "Why this program: the modules, teaching approach, facilities or research that attract you. Be specific to the program.",
            "Where you want to go next, and how the program helps you get there.",
          ),
        ],
      },
      {
        heading: "A structure that works",
        blocks: [
          steps(
            "Opening: a short, concrete start that shows your interest in the subject. Avoid quotations and sweeping statements about the world.",
            "Your preparation: two or three experiences, each with what you did and what it taught you about the subject or yourself.",
            "Why this program: connect what you have done to what the program offers.",
            "Your goals: what you hope to do afterwards, stated plainly.",
            "Closing: a sentence or two that brings it together. No need to repeat everything.",
          ),
        ],
      },
      {
        heading: "Write so that a busy reader remembers you",
        blocks: [
          list(
            'Show rather than claim: instead of "I am passionate about engineering", describe the thing you built and what went wrong.',
            "Be specific: one example explored properly is better than a list of ten activities.",
            "Write in your own voice, in clear and simple sentences.",
            "Keep to the subject: personal circumstances belong in the statement when they explain your path or your results.",
            "Be honest. Everything you write may be checked or discussed at an interview.",
          ),
        ],
      },
      {
        heading: "Mistakes to avoid",
        blocks: [
          list(
            "Copying or closely adapting someone else's statement, or a published example. Universities use plagiarism checks, and a copied statement can get an application rejected.",
            "Submitting text written for you by another person or generated by a tool as if it were your own. Many universities state rules about this; read them.",
            "Naming the wrong university, or sending one general statement to every program without adapting it.",
            "Going over the length limit, or padding to reach it.",
            "Spelling and grammar mistakes. Read it aloud, and ask someone you trust to read it too.",
          ),
        ],
      },
      {
        heading: "On this site",
        blocks: [
          p(
            `The application form here asks for a personal statement of ${STATEMENT_MIN} to ${STATEMENT_MAX.toLocaleString("en-US")} characters, and saves a draft as you type, so you can write it over several sessions.`,
          ),
        ],
      },
    ],
    next: [SEARCH, { href: "/resources/application-checklist", label: "The application checklist" }],
  },
  {
    slug: "application-checklist",
    title: "The application checklist",
    description:
      "Everything a university application usually needs, in the order to prepare it: documents, tests, references, the statement, fees and deadlines.",
    sections: [
      {
        heading: "Twelve to eighteen months before you start",
        blocks: [
          steps(
            "Make a shortlist of programs and note, for each, its entry requirements and every deadline (the application, scholarships, housing).",
            "Find out which tests each program requires (language tests, admission tests) and book them early enough to retake one if you need to. See the language and admission tests guide.",
            "Check whether you need your qualifications recognised or evaluated, and whether documents must be translated by a certified translator.",
            "Work out the full cost and how you will fund it. See the visas and costs guide.",
          ),
        ],
      },
      {
        heading: "The documents most applications ask for",
        blocks: [
          list(
            "A valid passport (check that it will not expire during your studies, or renew it early).",
            "Transcripts and certificates of your previous studies, with certified translations where required.",
            "Language test results, if the language of teaching is not your first language or the language of your previous studies.",
            "Admission test results, where the program requires them.",
            "A personal statement or statement of purpose.",
            "References or letters of recommendation, usually from teachers or employers.",
            "A CV or résumé, often for master's and PhD programs; a portfolio for art, design and architecture; a research proposal for most PhDs.",
          ),
        ],
      },
      {
        heading: "References",
        blocks: [
          p(
            "Ask your referees several weeks before the deadline. Tell them which programs you are applying to and by when, and give them a short summary of what you have done, so that they can write something specific. Check afterwards that they submitted it.",
          ),
        ],
      },
      {
        heading: "Submitting",
        blocks: [
          steps(
            "Read the application instructions once more and check each document against them: format, length, file type.",
            "Check that your name is written the same way as in your passport on every document, or explain any difference.",
            "Pay the application fee, if there is one.",
            "Submit before the deadline, allowing for time zones and for the website being busy on the last day.",
            "Keep copies of everything you sent and the confirmation you received.",
          ),
        ],
      },
      {
        heading: "After you apply",
        blocks: [
          list(
            "Watch your e-mail (including the spam folder) for requests for more documents or an interview.",
            "An offer may be conditional: it states what you still have to achieve or send. Note the date by which you must accept it.",
            "Once you accept an offer, the university sends what you need for the visa application. Start the visa process straight away.",
            "Apply for housing early; university accommodation for international students is often allocated in order of application.",
          ),
          p(
            "On this site you can follow each application you have made, with its status, under My Applications.",
          ),
        ],
      },
    ],
    next: [SEARCH, { href: "/resources/personal-statement", label: "Writing a personal statement" }],
  },
  {
    slug: "visas-and-costs",
    title: "Student visas and the cost of studying abroad",
    description:
      "How student visas generally work, what proof of funds means, and how to build a realistic budget for tuition, living costs and the extras students forget.",
    sections: [
      {
        heading: "Do you need a visa?",
        blocks: [
          p(
            "It depends on your nationality, the country where you will study and how long the program lasts. Some countries let citizens of certain other countries study without a visa (for example, within the European Union); most international students need a student visa or study permit.",
          ),
          p(
            "Rules, fees and processing times change, sometimes during an application cycle. The only reliable source is the government of the country where you will study: its immigration department, or its embassy or consulate in your country. Be careful with agents who promise a visa: no one can guarantee one.",
          ),
        ],
      },
      {
        heading: "How the process usually goes",
        blocks: [
          steps(
            "Accept an offer from a university that is allowed to admit international students.",
            "Receive the document the visa application needs from the university: for example a Form I-20 in the United States, a Confirmation of Acceptance for Studies (CAS) in the United Kingdom, a Confirmation of Enrolment (CoE) in Australia, or a letter of acceptance in Canada.",
            "Gather the evidence: passport, the university's document, proof that you can pay for tuition and living costs, and anything else the country asks for (health insurance, medical checks, biometrics, police certificates).",
            "Apply online or at the embassy or visa centre, pay the fees, and attend an interview or biometrics appointment if asked.",
            "Wait for the decision before you book non-refundable travel.",
          ),
          p(
            "Apply as soon as you are allowed to: processing can take weeks or months at busy times of year.",
          ),
        ],
      },
      {
        heading: "Proof of funds",
        blocks: [
          p(
            "Most student visas require evidence that you can pay your tuition and support yourself. Countries set their own amounts and rules for what counts: bank statements held for a set period, a sponsor's letter, a scholarship or loan letter, or a special account (Germany, for example, commonly asks for a blocked account). Check the current amount and the accepted forms of evidence on the official immigration website.",
          ),
        ],
      },
      {
        heading: "Building a budget",
        blocks: [
          p("Add up the cost of each year of the program, not only the first:"),
          list(
            "Tuition for each year. Fees may rise during the program; ask the university whether they are fixed for your cohort.",
            "Housing, which is usually the largest living cost, and deposits paid in advance.",
            "Food, transport, phone and internet, books and study materials.",
            "Health insurance or a health surcharge, which many countries require of students.",
            "Visa fees, and the costs of tests, translations, document evaluations and application fees.",
            "Travel: the journey there, and home again during breaks.",
            "A reserve for emergencies and for changes in the exchange rate.",
          ),
          p(
            "Many universities publish an estimate of living costs for their city; immigration websites publish the minimum they expect you to have. Your budget should be realistic for the way you live, not only the official minimum.",
          ),
        ],
      },
      {
        heading: "Working while you study",
        blocks: [
          p(
            "Some student visas allow limited paid work during term, others allow none, and breaking the conditions can end your visa. Read the conditions of your own visa, and do not plan a budget that depends on income you are not allowed, or may not be able, to earn.",
          ),
        ],
      },
      {
        heading: "Paying for it",
        blocks: [
          list(
            "Scholarships from the university, which are often awarded at admission or need a separate application with an earlier deadline.",
            "Government scholarships from your own country or from the country where you will study.",
            "Loans from your own country's student finance system, where it funds study abroad.",
            "Family support or savings, which most visa applications will ask you to document.",
          ),
        ],
      },
    ],
    next: [
      { href: "/universities/search", label: "Compare tuition in the university search" },
      { href: "/resources/application-checklist", label: "The application checklist" },
    ],
  },
  {
    slug: "admission-tests",
    title: "Language and admission tests",
    description:
      "Which tests universities ask for (English language tests, SAT and ACT, GRE and GMAT, subject tests), how to choose between them and how to prepare.",
    sections: [
      {
        heading: "Find out what each program requires",
        blocks: [
          p(
            "Requirements are set by each university, and often by each program. The program's admissions page states which tests it accepts, the minimum score overall and in each section, and how recent the result must be. Check this before you book anything: a test that one university accepts may not be accepted by another.",
          ),
        ],
      },
      {
        heading: "English language tests",
        blocks: [
          p(
            "If English is not your first language and you did not study in English, programs taught in English usually ask for a language test. Widely accepted tests include:",
          ),
          list(
            "IELTS Academic",
            "TOEFL iBT",
            "PTE Academic",
            "Cambridge English qualifications (C1 Advanced, C2 Proficiency)",
            "Duolingo English Test, which a growing number of universities accept",
          ),
          p(
            "Results are normally accepted for a limited time (often two years from the test date), so do not take the test too early. For a student visa, some countries accept only certain tests, or only tests taken at approved centres: check the visa rules as well as the university's.",
          ),
        ],
      },
      {
        heading: "Admission tests",
        blocks: [
          list(
            "SAT or ACT: for undergraduate admission in the United States. Many American universities have made them optional, and some have made them required again; check each one.",
            "GRE: for many graduate programs, mostly in the United States. Some business schools accept it in place of the GMAT.",
            "GMAT: for business and management master's programs and MBAs.",
            "Subject and professional tests: for example the UCAT for medicine and dentistry in the United Kingdom, the LNAT for law at some UK universities, or the MCAT and LSAT for medical and law schools in the United States.",
          ),
          p(
            "Programs taught in another language (German, French, Spanish...) ask for a test in that language, such as TestDaF or DSH for German, or DELF and DALF for French.",
          ),
        ],
      },
      {
        heading: "Preparing",
        blocks: [
          steps(
            "Take an official practice test early to see where you stand, with the real timing.",
            "Learn the format of each section: many points are lost on the format rather than the skill.",
            "Practise regularly over weeks rather than cramming, and work most on your weakest section.",
            "Book the test date leaving time for a retake before your earliest deadline.",
            "Use the official preparation materials of the organisation that runs the test; be wary of anyone selling guaranteed scores.",
          ),
        ],
      },
      {
        heading: "Sending your scores",
        blocks: [
          p(
            "Some tests send results to universities directly (you choose them when you register or afterwards), others give you a report to upload. Find out how each program wants to receive them, and allow time for the scores to arrive before the deadline.",
          ),
        ],
      },
    ],
    next: [SEARCH, { href: "/resources/application-checklist", label: "The application checklist" }],
  },
];

/** The guide at /resources/{slug}, or null. */
export function guideBySlug(slug: string): Guide | null {
  return GUIDES.find((guide) => guide.slug === slug) ?? null;
}

/** The address of a guide's page. */
export const guidePath = (slug: string) => `/resources/${slug}`;

import { ReplyIcon } from "lucide-react";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { AdminListPage } from "@/components/admin/admin-list-page";
import { DeleteButton } from "@/components/admin/delete-button";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { listContactMessages, type ContactMessageDto } from "@/lib/contact/queries.server";
import { formatDateTime } from "@/lib/format";
import { contactListQuery } from "@/lib/validation/contact";

export const metadata: Metadata = { title: "Messages" };

type Props = { searchParams: Promise<SearchParams> };

// /admin/messages: what visitors sent with the contact form, newest first; any admin
// reads, answers (by e-mail) and deletes them. GET /api/contact answers the same list.
export default async function AdminMessagesPage({ searchParams }: Props) {
  await adminOrSignIn();
  const list = await contactListQuery.loadRows(searchParams, "/admin/messages", ({ q }, window) =>
    listContactMessages({ search: q, ...window }),
  );

  return (
    <AdminListPage
      noun={["message", "messages"]}
      description="Messages sent with the contact form. Answer them by email, and delete them once they are dealt with."
      search={{ placeholder: "Sender, email or subject" }}
      columns={["Received", "From", "Message"]}
      order="newest first"
      list={list}
    >
      {list.rows?.items.map((message) => (
        <TableRow key={message.id} data-focus-item={`message:${message.id}`}>
          <TableCell className="align-top whitespace-nowrap">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </TableCell>
          <TableCell className="align-top">
            <span className="font-medium text-slate-900">{message.name}</span>
            <span className="block text-xs text-slate-600">{message.email}</span>
          </TableCell>
          <TableCell className="min-w-80 align-top">
            <span className="font-medium text-slate-900">{message.subject}</span>
            <p className="mt-1 max-w-2xl text-sm whitespace-pre-line text-slate-700">{message.message}</p>
          </TableCell>
          <TableCell pinned className="align-top">
            <div className="flex justify-end gap-1">
              <ReplyLink message={message} />
              <DeleteButton
                endpoint={`/api/contact/${message.id}`}
                name={`the message from ${message.name}`}
                title="Delete this message?"
                description={`The message from ${message.name} (${message.email}) will be deleted. This cannot be undone.`}
                confirmLabel="Delete"
                successMessage="Message deleted"
              />
            </div>
          </TableCell>
        </TableRow>
      ))}
    </AdminListPage>
  );
}

function ReplyLink({ message }: { message: ContactMessageDto }) {
  const subject = encodeURIComponent(`Re: ${message.subject}`);
  return (
    <Button asChild variant="ghost" size="icon">
      <a href={`mailto:${encodeURIComponent(message.email)}?subject=${subject}`}>
        <ReplyIcon aria-hidden="true" />
        <span className="sr-only">Reply to {message.name}</span>
      </a>
    </Button>
  );
}

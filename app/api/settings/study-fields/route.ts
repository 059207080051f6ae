import { studyListRoutes } from "@/lib/settings/study-list-routes";

export const { GET, POST } = studyListRoutes("field");

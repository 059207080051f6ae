// The dashboard's loading state (see there why /user/profile has none).
export { default } from "../dash/loading";

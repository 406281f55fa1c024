// The API schemas of the laudos routes (request bodies, queries, responses), shared by server and web.
export {};

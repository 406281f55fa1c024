// The API schemas of the conta routes (request bodies, queries, responses), shared by server and web.
export {};

"""The JSON bodies people send and get (pydantic): the API's requests and answers, which the pages' forms are read
into as well, so a form and an API call are checked by the same model."""

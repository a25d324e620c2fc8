from googleapiclient import discovery

JOB = {'trainingInput': {'runtimeVersion': '2.3', 'pythonVersion': '3.7'}}


def submit(client):
    return client.submit(runtime_version='2.8', python_version="3.7")


def legacy(client):
    # rtcat: ignore[submission-end]
    return client.submit(runtime_version='1.13', python_version='3.7')

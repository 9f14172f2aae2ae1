print(registeredFeatures())
